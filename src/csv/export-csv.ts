/**
 * `marquee export` (SPEC §10, §11, §12): the organization's accounts, contacts, bookings or events as CSV with
 * csv-stringify, in the shape `marquee import` reads (columns.ts), so an export imports unchanged;
 * and its line items and payments (export-prices.ts), which are exported only. Each amount in
 * minor units has its formatted amount beside it, in the organization's locale (formatted-amounts.ts).
 * Text cells that a spreadsheet would run as a formula are neutralised (formula.ts).
 */
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../db/database.js';
import { requireOrganization } from '../identity/identity.service.js';
import { CSV_SHAPES, type ExportType } from './columns.js';
import { LINE_ITEM_AMOUNTS, LINE_ITEM_COLUMNS, PAYMENT_AMOUNTS, PAYMENT_COLUMNS } from './export-prices.js';
import { type Cells, recordsToExport } from './export-rows.js';
import { localeOfOrganization, withFormattedAmounts } from '../crm/formatted-amounts.js';
import { neutraliseFormula } from '../crm/formula.js';
import { csvCustomFields, customCells, withCustomColumns } from './custom-columns.js';
import { moneyCurrencyOf } from './custom-money.js';

export interface ExportOptions {
  organizationId: string;
  type: ExportType;
  output: Writable;
  /** Begin with a UTF-8 byte-order mark (which some spreadsheets need to read UTF-8). */
  bom?: boolean;
  /** Leave `output` open afterwards (standard output). */
  keepOpen?: boolean;
  /**
   * The output is a terminal: control characters in the data (an escape sequence could move the
   * cursor, hide lines or retitle the window) are shown as visible symbols instead.
   */
  terminal?: boolean;
}

// eslint-disable-next-line no-control-regex -- the characters a terminal would act on
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** A control character as its picture (U+2400…, ␡ for DEL) or, for C1 controls, U+FFFD. */
function visible(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? '\u2421' : '\ufffd';
}

function cellsOf(record: Cells, columns: readonly string[], terminal: boolean): Array<string | number> {
  return columns.map((column) => {
    const value = record[column];
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return value;
    const text = neutraliseFormula(value);
    return terminal ? text.replace(TERMINAL_CONTROLS, visible) : text;
  });
}

/** The columns an export of `type` writes, and which of them are minor units. */
function exportShape(
  type: ExportType,
  fields: Parameters<typeof withCustomColumns>[1],
): { columns: readonly string[]; amounts: readonly string[] } {
  if (type === 'line_items') return { columns: LINE_ITEM_COLUMNS, amounts: LINE_ITEM_AMOUNTS };
  if (type === 'payments') return { columns: PAYMENT_COLUMNS, amounts: PAYMENT_AMOUNTS };
  return withCustomColumns(CSV_SHAPES[type], fields);
}

/** Writes the CSV; returns how many records it holds. */
export async function exportCsv(db: Db, options: ExportOptions): Promise<number> {
  await requireOrganization(db, options.organizationId);
  const locale = await localeOfOrganization(db, options.organizationId);
  const fields = await csvCustomFields(db, options.organizationId, options.type);
  const { columns, amounts } = exportShape(options.type, fields);
  const moneyCurrency = await moneyCurrencyOf(db, options.organizationId, options.type, fields);
  let count = 0;
  const records = Readable.from(
    (async function* () {
      for await (const record of recordsToExport(db, options.organizationId, options.type)) {
        count += 1;
        const custom =
          fields.length > 0 ? customCells(record.custom_fields, fields, moneyCurrency(record), locale) : {};
        const cells = withFormattedAmounts({ ...record, ...custom }, amounts, locale);
        yield cellsOf(cells, columns, options.terminal ?? false);
      }
    })(),
  );
  const stringifier = stringify({ header: true, columns: [...columns], bom: options.bom ?? false });
  records.on('error', (error) => stringifier.destroy(error));
  records.pipe(stringifier).pipe(options.output, { end: !options.keepOpen });
  await finished(options.keepOpen ? stringifier : options.output);
  return count;
}
