/**
 * `marquee import` (SPEC §10): all rows or none, in one unit of work (src/writes/unit-of-work.ts,
 * which holds the organization's lock). The file is read a chunk of rows at a time (CHUNK_ROWS,
 * import-kinds.ts); each chunk's rows are read into the inputs of the records they make, judged by
 * the rules of the API (the bulk creates of src/crm, with the organization's facts loaded once),
 * and written, in multi-row statements with their `*.created` events, before the next chunk is
 * read, so memory stays flat whatever the file's size. The unit of work is rolled back unless
 * every row passed and it is no dry run: nothing is kept of a file with a problem anywhere.
 */
import type { Readable } from 'node:stream';
import { requireOrganization } from '../identity/identity.service.js';
import { type Attempt, type Refusal, refuse } from '../writes/refusal.js';
import { attempt, type Command, type Writer } from '../writes/unit-of-work.js';
import { CSV_SHAPES, type CsvType } from './columns.js';
import { csvCustomFields, withCustomColumns } from './custom-columns.js';
import { type Imported, IMPORT_KINDS } from './import-kinds.js';
import { type Progress, silentProgress } from './progress.js';
import { type CsvRow, readCsvChunks, readCsvRows } from './read-rows.js';
import { type RowError, RowErrors, LISTED_ERRORS } from './row-errors.js';
import { readBeforeRollback, rolledBack } from './import-rollback.js';
import {
  type BookingsWithEvents,
  type ImportedWithEvents,
  importBookingsWithEvents,
} from './import-with-events.js';
import { InputError } from '../errors.js';
import { importActor } from '../policy/actor.js';
import type { Grants } from '../policy/grants.js';
import { IMPORT_ACTIONS } from '../policy/system.policy.js';

export interface ImportOptions {
  organizationId: string;
  /** What whoever starts the import may do (an admin's page, the operator): importing is an admin's. */
  grants: Grants;
  type: CsvType;
  input: Readable;
  /** The input's size in bytes, when known (for the progress bar). */
  size?: number | undefined;
  dryRun: boolean;
  progress?: Progress;
  /** Files over this many bytes are refused (IMPORT_MAX_BYTES): before reading when the size is known. */
  maxBytes?: number | undefined;
  /** With bookings: the events file of the same export (import-with-events.ts). */
  events?: { input: Readable; size?: number | undefined } | undefined;
}

export interface ImportResult {
  /** Records written (0 on a dry run or when any row has a problem). */
  imported: number;
  /** Events written from the events file beside a bookings file, and its rows that passed every check. */
  importedEvents?: number;
  validEvents?: number;
  /** Rows that passed every check. */
  valid: number;
  dryRun: boolean;
  errorCount: number;
  /** The first problems, in the order found. */
  errors: RowError[];
}

interface RowsToImport {
  type: CsvType;
  chunks: AsyncIterable<readonly CsvRow[]>;
  errors: RowErrors;
  dryRun: boolean;
}

/**
 * Reads, judges and writes the rows a chunk at a time (import-kinds.ts); rolled back (a refusal
 * that carries what was read: import-rollback.ts) unless every row passed and it is no dry run.
 */
const importRows: Command<RowsToImport, Imported | Refusal<Imported>> = {
  action: IMPORT_ACTIONS.run,
  async run(work, { type, chunks, errors, dryRun }) {
    const imported = await IMPORT_KINDS[type].importChunks(work, chunks, errors, dryRun);
    if (dryRun || errors.any) return rolledBack(imported);
    return imported;
  },
};

/** A size as the refusals and the page say it: "4 KB", "50 MB". */
export const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The refusal of a file over the limit, in words for the CLI and the page alike. */
export function tooLarge(maxBytes: number, size?: number): InputError {
  const is = size === undefined ? 'is larger than' : `is ${megabytes(size)}, more than`;
  return new InputError(
    `the file ${is} the ${megabytes(maxBytes)} an import takes (IMPORT_MAX_BYTES); split it into smaller files and import each`,
  );
}

/** Counts the bytes read into the progress bar, refusing a file that grows past the limit. */
function counting(progress: Progress, maxBytes: number | undefined) {
  return (bytes: number) => {
    if (maxBytes !== undefined && bytes > maxBytes) throw tooLarge(maxBytes);
    progress.update(bytes);
  };
}

/**
 * As importCsv, for a page: a file refused as a whole (its header, its encoding, its size, broken
 * CSV; thrown as an InputError, which the command line prints) comes back as a refusal to say
 * beside the field, told apart here, once.
 */
export async function attemptImport(writer: Writer, options: ImportOptions): Promise<Attempt<ImportResult>> {
  try {
    return { ok: true, value: await importCsv(writer, options) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { ok: false, refusal: refuse({ status: 422, code: 'invalid_file', detail: error.message }) };
  }
}

export async function importCsv(writer: Writer, options: ImportOptions): Promise<ImportResult> {
  const { maxBytes } = options;
  for (const size of [options.size, options.events?.size]) {
    if (maxBytes !== undefined && size !== undefined && size > maxBytes) throw tooLarge(maxBytes, size);
  }
  if (options.events) return importWithEvents(writer, options, options.events);
  const progress = options.progress ?? silentProgress;
  await requireOrganization(writer.db, options.organizationId);
  const errors = new RowErrors();
  try {
    // One phase: the bytes read, as each chunk is read, judged and written before the next.
    progress.phase('Importing', options.size, ' bytes');
    const fields = await csvCustomFields(writer.db, options.organizationId, options.type);
    const chunks = readCsvChunks(
      options.input,
      withCustomColumns(CSV_SHAPES[options.type], fields),
      errors,
      counting(progress, options.maxBytes),
      IMPORT_KINDS[options.type].chunkRows,
    );
    const input = { type: options.type, chunks, errors, dryRun: options.dryRun };
    const outcome = await attempt(writer, actorOf(options), importRows, input);
    const imported = outcome.ok
      ? outcome.value
      : { rows: readBeforeRollback<Imported>(outcome.refusal).rows, written: 0 };
    return {
      imported: imported.written,
      valid: imported.rows - errors.failedRows,
      dryRun: options.dryRun,
      errorCount: errors.count,
      errors: errors.listed,
    };
  } finally {
    progress.finish();
  }
}

/** An import acts as no user (owners are those the file names), with its starter's grants. */
const actorOf = (options: ImportOptions) => importActor(options.organizationId, options.grants);

const bookingsWithEvents: Command<BookingsWithEvents, ImportedWithEvents | Refusal<ImportedWithEvents>> = {
  action: IMPORT_ACTIONS.run,
  run: importBookingsWithEvents,
};

async function importWithEvents(
  writer: Writer,
  options: ImportOptions,
  events: NonNullable<ImportOptions['events']>,
): Promise<ImportResult> {
  if (options.type !== 'bookings') throw new InputError('an events file goes with a bookings import only');
  const progress = options.progress ?? silentProgress;
  await requireOrganization(writer.db, options.organizationId);
  const bookingErrors = new RowErrors();
  const eventErrors = new RowErrors('events');
  try {
    progress.phase('Reading', options.size, ' bytes');
    const [bookingFields, eventFields] = await Promise.all([
      csvCustomFields(writer.db, options.organizationId, 'bookings'),
      csvCustomFields(writer.db, options.organizationId, 'events'),
    ]);
    const bookings = await readCsvRows(
      options.input,
      withCustomColumns(CSV_SHAPES.bookings, bookingFields),
      bookingErrors,
      counting(progress, options.maxBytes),
    );
    progress.phase('Reading events', events.size, ' bytes');
    const eventRows = await readCsvRows(
      events.input,
      withCustomColumns(CSV_SHAPES.events, eventFields),
      eventErrors,
      counting(progress, options.maxBytes),
    );
    const files = {
      bookings,
      events: eventRows,
      bookingErrors,
      eventErrors,
      dryRun: options.dryRun,
      progress,
    };
    const outcome = await attempt(writer, actorOf(options), bookingsWithEvents, files);
    // Rolled back, nothing is written (what it read is counted by the files' rows).
    const imported = outcome.ok ? outcome.value : readBeforeRollback<ImportedWithEvents>(outcome.refusal);
    const errors = [...bookingErrors.listed, ...eventErrors.listed];
    return {
      imported: imported.bookings,
      importedEvents: imported.events,
      validEvents: eventRows.length - eventErrors.failedRows,
      valid: bookings.length - bookingErrors.failedRows,
      dryRun: options.dryRun,
      errorCount: bookingErrors.count + eventErrors.count,
      errors: errors.slice(0, LISTED_ERRORS),
    };
  } finally {
    progress.finish();
  }
}
