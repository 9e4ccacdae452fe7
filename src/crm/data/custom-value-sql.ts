/**
 * A custom field's value in SQL (docs/decisions/0020-custom-fields.md): read from the record's
 * `custom_fields` JSON, as a number where the type compares as one. The key is written into the
 * statement (an expression index matches only the same text), so only a key that passed
 * `^[a-z][a-z0-9_]{0,39}$` is ever named here.
 */
const KEY = /^[a-z][a-z0-9_]{0,39}$/;

export const isFieldKey = (key: string): boolean => KEY.test(key);

/** How values of a type compare: as numbers, flags, or text. */
export function comparedAs(fieldType: string): 'number' | 'integer' | 'boolean' | 'text' {
  if (fieldType === 'number') return 'number';
  if (fieldType === 'money') return 'integer';
  if (fieldType === 'boolean') return 'boolean';
  return 'text';
}

function checkedKey(key: string): string {
  if (!isFieldKey(key)) throw new Error(`"${key}" is not a custom field's key.`);
  return key;
}

/**
 * The field's value of a row of the table being read: on SQLite as json_extract gives it (text,
 * a number, 1 or 0); on PostgreSQL as jsonb, whose order is numbers' for numbers and whose cast
 * from the column never fails, so one index serves every organization whatever it keeps there.
 */
export function valueSql(sqlite: boolean, key: string): string {
  const name = checkedKey(key);
  return sqlite ? `json_extract("custom_fields", '$.${name}')` : `("custom_fields"::jsonb -> '${name}')`;
}

/** The field's value as text (what `contains` reads). */
export function textSql(sqlite: boolean, key: string): string {
  const name = checkedKey(key);
  return sqlite ? `json_extract("custom_fields", '$.${name}')` : `("custom_fields"::jsonb ->> '${name}')`;
}

/** A value given to compare with the field's (a parameter, as text): typed as the field's values are. */
export function parameterSql(sqlite: boolean, fieldType: string, placeholder: string): string {
  const as = comparedAs(fieldType);
  if (sqlite) {
    if (as === 'number' || as === 'integer') return `cast(${placeholder} as real)`;
    // json_extract gives a flag as 1 or 0.
    if (as === 'boolean') return `(${placeholder} = 'true')`;
    return placeholder;
  }
  if (as === 'number' || as === 'integer') return `to_jsonb(${placeholder}::numeric)`;
  if (as === 'boolean') return `to_jsonb(${placeholder}::boolean)`;
  return `to_jsonb(${placeholder}::text)`;
}

/** Whether a multi_select's values (a JSON array) hold any of `placeholders`. */
export function holdsAnySql(sqlite: boolean, key: string, placeholders: readonly string[]): string {
  const name = checkedKey(key);
  return sqlite
    ? `exists (select 1 from json_each("custom_fields", '$.${name}') where value in (${placeholders.join(', ')}))`
    : `coalesce(("custom_fields"::jsonb -> '${name}') ?| array[${placeholders.map((p) => `${p}::text`).join(', ')}], false)`;
}

/** The index a select or number field's filter and sort read (made when the field is). */
export function indexSql(sqlite: boolean, indexName: string, table: string, key: string) {
  return `create index if not exists "${indexName}" on "${table}" (organization_id, ${valueSql(sqlite, key)}, id)`;
}

export const INDEXED_TYPES: ReadonlySet<string> = new Set(['select', 'number', 'money', 'date']);
