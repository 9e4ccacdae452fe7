/**
 * `marquee export` (SPEC §10): the organization's accounts, contacts or bookings as CSV with
 * csv-stringify, in the shape `marquee import` reads (columns.ts), so an export imports unchanged.
 * Text cells that a spreadsheet would run as a formula are neutralised (formula.ts).
 */
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../db/database.js';
import { requireOrganization } from '../identity/identity.service.js';
import { CSV_SHAPES, type CsvType } from './columns.js';
import { type Cells, recordsToExport } from './export-rows.js';
import { neutraliseFormula } from './formula.js';

export interface ExportOptions {
  organizationId: string;
  type: CsvType;
  output: Writable;
  /** Begin with a UTF-8 byte-order mark (which some spreadsheets need to read UTF-8). */
  bom?: boolean;
  /** Leave `output` open afterwards (standard output). */
  keepOpen?: boolean;
}

function cellsOf(record: Cells, columns: readonly string[]): Array<string | number> {
  return columns.map((column) => {
    const value = record[column];
    if (value === null || value === undefined) return '';
    return typeof value === 'number' ? value : neutraliseFormula(value);
  });
}

/** Writes the CSV; returns how many records it holds. */
export async function exportCsv(db: Db, options: ExportOptions): Promise<number> {
  await requireOrganization(db, options.organizationId);
  const { columns } = CSV_SHAPES[options.type];
  let count = 0;
  const records = Readable.from(
    (async function* () {
      for await (const record of recordsToExport(db, options.organizationId, options.type)) {
        count += 1;
        yield cellsOf(record, columns);
      }
    })(),
  );
  const stringifier = stringify({ header: true, columns: [...columns], bom: options.bom ?? false });
  records.on('error', (error) => stringifier.destroy(error));
  records.pipe(stringifier).pipe(options.output, { end: !options.keepOpen });
  await finished(options.keepOpen ? stringifier : options.output);
  return count;
}
