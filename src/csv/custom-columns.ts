/**
 * A venue's own fields (SPEC §19) in the CSV export and import of their kind: one column per
 * field, `custom.<key>` (SPEC §19's name, which no built-in column can take), after the kind's
 * own columns, in the fields' order; a money field's is followed by
 * `custom.<key>_formatted` (unless a field of the venue's own has that key), the amount as people read it (SPEC §13, formatted-amounts.ts; in the
 * currency custom-money.ts gives), which an import never reads. A cell holds the value as the
 * API's write takes it: text; a number as a decimal; money in minor units, as every amount of the
 * files; a date as YYYY-MM-DD; true or false; a multi-select's values separated by `;`. An empty
 * cell gives nothing. The import judges the values by the API's rules (judgeValues, in the kinds'
 * bulk creates), each problem on its row and column. An archived field's column is exported, and
 * accepted and ignored on import: it takes no new values. Files exported before named the column
 * `custom_fields.<key>`: an import still reads that name as the same column, and tells a problem
 * on the column as the file names it.
 */
import { type CustomField, customFieldsOf, decimalText, storedValuesOf } from '../crm/custom-fields/index.js';
import type { Db, Trx } from '../db/database.js';
import { type Cells, type CsvShape, type ExportType, isCsvType, LIST_SEPARATOR } from './columns.js';
import { besideAmounts, formattedAmounts, formattedColumn } from '../crm/formatted-amounts.js';
import { restoreFormula } from '../crm/formula.js';
import type { CsvRow } from './read-rows.js';

/** A custom field's column. */
export const customColumn = (key: string): string => `custom.${key}`;

/** The name files exported before gave a custom field's column. */
const olderColumn = (key: string): string => `custom_fields.${key}`;

/**
 * The columns of the money fields that get a formatted column beside them: not one whose
 * `<key>_formatted` is the key of a field of its own, whose column that name is.
 */
function formattedMoney(fields: readonly CustomField[]): string[] {
  const keys = new Set(fields.map((f) => f.name));
  return fields
    .filter((f) => f.custom.fieldType === 'money' && !keys.has(formattedColumn(f.name)))
    .map((f) => customColumn(f.name));
}

/** The organization's custom fields of a kind the files carry (none for line items and payments). */
export async function csvCustomFields(
  db: Db | Trx,
  organizationId: string,
  type: ExportType,
): Promise<readonly CustomField[]> {
  return isCsvType(type) ? (await customFieldsOf(db, organizationId, type)).fields : [];
}

/** A kind's shape with its custom fields' columns: every one exported, the open ones imported. */
export function withCustomColumns(shape: CsvShape, fields: readonly CustomField[]): CsvShape {
  const open = fields.filter((f) => !f.custom.archived).map((f) => customColumn(f.name));
  const money = formattedMoney(fields);
  const older = fields.map((f) => [olderColumn(f.name), customColumn(f.name)] as const);
  return {
    ...shape,
    columns: [
      ...shape.columns,
      ...besideAmounts(
        fields.map((f) => customColumn(f.name)),
        money,
      ),
    ],
    writable: [...shape.writable, ...open],
    aliases: { ...shape.aliases, ...Object.fromEntries(older) },
  };
}

/**
 * A record's custom values (its `custom_fields` JSON) as cells, each money field's formatted in
 * `currency` (the record's: custom-money.ts) and the organization's `locale`.
 */
export function customCells(
  column: unknown,
  fields: readonly CustomField[],
  currency: string | undefined,
  locale: string,
): Cells {
  const kept: Record<string, unknown> = storedValuesOf(column);
  const cells: Cells = {};
  for (const field of fields) {
    const value = kept[field.name];
    let cell: string | number | null;
    if (value === undefined || value === null) cell = null;
    else if (Array.isArray(value)) cell = value.join(LIST_SEPARATOR);
    else if (field.custom.fieldType === 'number') cell = decimalText(value as number);
    else cell = typeof value === 'number' ? value : String(value);
    cells[customColumn(field.name)] = cell;
  }
  return { ...cells, ...formattedAmounts(cells, formattedMoney(fields), currency, locale) };
}

/** A cell as the API's write would give the value (what it cannot be, the rules say). */
function given(field: CustomField, text: string): unknown {
  switch (field.custom.fieldType) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'money':
      return /^-?[0-9]{1,16}$/.test(text) ? Number(text) : text;
    case 'multi_select':
      return text
        .split(LIST_SEPARATOR)
        .map((v) => v.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/** The column a row's file names a custom field's by: its older name when the file uses it. */
const columnIn = (row: CsvRow, key: string): string =>
  olderColumn(key) in row.cells ? olderColumn(key) : customColumn(key);

/** A row's custom values, as the kind's rules judge them (`custom_fields` of its input). */
export function customValuesOf(
  row: CsvRow,
  fields: readonly CustomField[],
): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const field of fields.filter((f) => !f.custom.archived)) {
    const raw = row.cells[columnIn(row, field.name)];
    if (raw === undefined || raw.trim() === '') continue;
    const text = field.custom.fieldType === 'long_text' ? restoreFormula(raw) : restoreFormula(raw.trim());
    values[field.name] = given(field, text);
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * The column of a problem the rules put at a custom field (`custom_fields/<key>`), if it is one,
 * as the row's file names it.
 */
export function customProblemColumn(field: string, row: CsvRow): string | undefined {
  return field.startsWith('custom_fields/') ? columnIn(row, field.slice('custom_fields/'.length)) : undefined;
}
