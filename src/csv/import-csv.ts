/**
 * `marquee import` (SPEC §10): all rows or none. The file is read and parsed first; then, in one
 * transaction, every row is checked by the API's rules against the organization's records, and
 * only when no row has a problem are the records inserted (in multi-row statements) with their
 * `*.created` events. Any problem, or a dry run, rolls the whole transaction back.
 */
import type { Readable } from 'node:stream';
import { lockBookings } from '../crm/bookings/booking-lock.js';
import type { Booking } from '../crm/bookings/booking.table.js';
import type { Db, Trx } from '../db/database.js';
import { requireOrganization } from '../identity/identity.service.js';
import { assignReferences } from './booking-references.js';
import { checkSpaceClashes } from './booking-clashes.js';
import { CSV_SHAPES, type CsvType } from './columns.js';
import { IMPORT_KINDS } from './import-kinds.js';
import { loadLookups } from './lookups.js';
import { type Progress, silentProgress } from './progress.js';
import { readCsvRows } from './read-rows.js';
import { type RowError, RowErrors } from './row-errors.js';
import { stamper } from './stamp.js';

export interface ImportOptions {
  organizationId: string;
  type: CsvType;
  input: Readable;
  /** The input's size in bytes, when known (for the progress bar). */
  size?: number | undefined;
  dryRun: boolean;
  now: number;
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

/** Carries the result out of a transaction that must not commit. */
class RollBack extends Error {
  constructor(readonly result: ImportResult) {
    super('rolled back');
  }
}

export async function importCsv(db: Db, options: ImportOptions): Promise<ImportResult> {
  const progress = options.progress ?? silentProgress;
  await requireOrganization(db, options.organizationId);
  const errors = new RowErrors();
  progress.phase('Reading', options.size, ' bytes');
  const rows = await readCsvRows(options.input, CSV_SHAPES[options.type], errors, (n) => progress.update(n));
  try {
    return await db.transaction().execute((trx) => writeRows(trx, options, rows, errors, progress));
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    throw error;
  } finally {
    progress.finish();
  }
}

async function writeRows(
  trx: Trx,
  options: ImportOptions,
  rows: Awaited<ReturnType<typeof readCsvRows>>,
  errors: RowErrors,
  progress: Progress,
): Promise<ImportResult> {
  const { organizationId, type, now } = options;
  const kind = IMPORT_KINDS[type];
  // A write first: serialized with the organization's booking writes and deletions of accounts
  // and contacts (booking-lock.ts), so what the rows refer to stays while they are checked; and on
  // SQLite the write lock is held from here, so the reads below never go stale before the writes.
  await lockBookings(trx, organizationId);
  const lookups = await loadLookups(trx, organizationId, kind.needs);
  const stamp = stamper(organizationId, now);
  progress.phase('Checking', rows.length, ' rows');
  const records = rows.map((row, i) => {
    if (i % 1000 === 0) progress.update(i);
    return { row: row.row, record: kind.fromRow(row, errors, lookups, stamp) };
  });
  if (type === 'bookings') {
    const good = records.filter((r) => !errors.rows.has(r.row));
    const bookings = good.map((r) => ({ row: r.row, booking: r.record as Booking }));
    await checkSpaceClashes(trx, organizationId, bookings, lookups.spaces, errors);
  }
  const outcome = (imported: number): ImportResult => ({
    imported,
    valid: errors.any ? records.length - errors.rows.size : records.length,
    dryRun: options.dryRun,
    errorCount: errors.count,
    errors: [...errors.listed],
  });
  if (errors.any) throw new RollBack(outcome(0));
  const written = records.map((r) => r.record);
  if (type === 'bookings') await assignReferences(trx, organizationId, written as Booking[]);
  progress.phase('Writing', written.length, ' rows');
  await kind.insert(trx, written);
  progress.phase('Events', written.length, ' events');
  await kind.tell(trx, organizationId, written, now, (n) => progress.update(n));
  if (options.dryRun) throw new RollBack(outcome(0));
  return outcome(written.length);
}
