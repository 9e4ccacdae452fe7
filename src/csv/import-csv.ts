/**
 * `marquee import` (SPEC §10): all rows or none. The file is read and parsed first; then, as one
 * unit of work (src/writes/unit-of-work.ts, which holds the organization's lock), every row is
 * read into the input of the record it makes, judged by the rules of the API (the bulk creates of
 * src/crm, with facts loaded for the whole organization at once), and written, in multi-row
 * statements with its `*.created` events, only when no row has a problem and it is no dry run.
 */
import type { Readable } from 'node:stream';
import { requireOrganization } from '../identity/identity.service.js';
import { type Command, write, type Writer } from '../writes/unit-of-work.js';
import { CSV_SHAPES, type CsvType } from './columns.js';
import { IMPORT_KINDS } from './import-kinds.js';
import { type Progress, silentProgress } from './progress.js';
import { type CsvRow, readCsvRows } from './read-rows.js';
import { type RowError, RowErrors } from './row-errors.js';

export interface ImportOptions {
  organizationId: string;
  type: CsvType;
  input: Readable;
  /** The input's size in bytes, when known (for the progress bar). */
  size?: number | undefined;
  dryRun: boolean;
  progress?: Progress;
}

export interface ImportResult {
  /** Records written (0 on a dry run or when any row has a problem). */
  imported: number;
  /** Rows that passed every check. */
  valid: number;
  dryRun: boolean;
  errorCount: number;
  /** The first problems, in the order found. */
  errors: RowError[];
}

interface RowsToImport {
  type: CsvType;
  rows: readonly CsvRow[];
  errors: RowErrors;
  dryRun: boolean;
  progress: Progress;
}

/** Reads the rows into inputs, judges and (when all pass and it is no dry run) writes them. */
const importRows: Command<RowsToImport, number> = {
  async run(work, { type, rows, errors, dryRun, progress }) {
    return IMPORT_KINDS[type].importRows(work, rows, errors, { dryRun, progress });
  },
};

export async function importCsv(writer: Writer, options: ImportOptions): Promise<ImportResult> {
  const progress = options.progress ?? silentProgress;
  await requireOrganization(writer.db, options.organizationId);
  const errors = new RowErrors();
  try {
    progress.phase('Reading', options.size, ' bytes');
    const rows = await readCsvRows(options.input, CSV_SHAPES[options.type], errors, (n) =>
      progress.update(n),
    );
    // An import acts as no user: owners are those the file names.
    const actor = { organizationId: options.organizationId, userId: null, role: 'admin' as const };
    const imported = await write(writer, actor, importRows, {
      type: options.type,
      rows,
      errors,
      dryRun: options.dryRun,
      progress,
    });
    return {
      imported,
      valid: rows.length - errors.rows.size,
      dryRun: options.dryRun,
      errorCount: errors.count,
      errors: [...errors.listed],
    };
  } finally {
    progress.finish();
  }
}
