/**
 * A venue's own fields (SPEC §19) in the CSV export and import of their kind: one column per
 * field, `custom_fields.<key>` (the name the API's filters and sorts give it, which no built-in
 * column can take), after the kind's own columns, in the fields' order. A cell holds the value as
 * the API's write takes it: text; a number as a decimal; money in minor units, as every amount of
 * the files; a date as YYYY-MM-DD; true or false; a multi-select's values separated by `;`. An
 * empty cell gives nothing. The import judges the values by the API's rules (judgeValues, in the
 * kinds' bulk creates), each problem on its row and column. An archived field's column is
 * exported, and accepted and ignored on import: it takes no new values.
 */
import { type CustomField, customFieldsOf, decimalText, storedValuesOf } from '../crm/custom-fields/index.js';
import type { Db, Trx } from '../db/database.js';
import { type Cells, type CsvShape, type ExportType, isCsvType, LIST_SEPARATOR } from './columns.js';
import { restoreFormula } from './formula.js';
import type { CsvRow } from './read-rows.js';

const PREFIX = 'custom_fields.';

/** A custom field's column. */
export const customColumn = (key: string): string => `${PREFIX}${key}`;

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
  return {
    ...shape,
    columns: [...shape.columns, ...fields.map((f) => customColumn(f.name))],
    writable: [...shape.writable, ...open],
  };
}

/** A record's custom values (its `custom_fields` JSON) as cells. */
export function customCells(column: unknown, fields: readonly CustomField[]): Cells {
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
  return cells;
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

/** A row's custom values, as the kind's rules judge them (`custom_fields` of its input). */
export function customValuesOf(
  row: CsvRow,
  fields: readonly CustomField[],
): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const field of fields.filter((f) => !f.custom.archived)) {
    const raw = row.cells[customColumn(field.name)];
    if (raw === undefined || raw.trim() === '') continue;
    const text = field.custom.fieldType === 'long_text' ? restoreFormula(raw) : restoreFormula(raw.trim());
    values[field.name] = given(field, text);
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/** The column of a problem the rules put at a custom field (`custom_fields/<key>`), if it is one. */
export function customProblemColumn(field: string): string | undefined {
  return field.startsWith('custom_fields/') ? customColumn(field.slice('custom_fields/'.length)) : undefined;
}
