/**
 * Each kind of import: the facts its rules need, loaded at once (the organization's, or for
 * events the bookings the file names), its rows read into the inputs of the API's rules
 * (account-rows.ts, contact-rows.ts, booking-rows.ts, event-rows.ts), judged and written by the
 * bulk create of that kind (src/crm/bulk.ts), and each problem put back on its row and column.
 */
import { createAccountsInBulk } from '../crm/accounts/index.js';
import { createBookingsInBulk } from '../crm/bookings/index.js';
import type { BulkOutcome, BulkRequest } from '../crm/bulk.js';
import { createContactsInBulk } from '../crm/contacts/index.js';
import { createEventsInBulk, loadEventBulkFacts } from '../crm/events/index.js';
import { loadAllFacts } from '../crm/all-facts.js';
import type { Work } from '../writes/unit-of-work.js';
import { accountInputOf } from './account-rows.js';
import { bookingInputOf } from './booking-rows.js';
import type { CsvType } from './columns.js';
import { contactInputOf } from './contact-rows.js';
import { eventInputOf } from './event-rows.js';
import type { CsvRow } from './read-rows.js';
import { accountColumn, bookingColumn } from './references.js';
import { csvCustomFields, customProblemColumn, customValuesOf } from './custom-columns.js';
import type { RowErrors } from './row-errors.js';

/** The column a problem of a field is told on: relationships by their id columns (or the name, reference). */
function columnOf(field: string, row: CsvRow): string {
  if (field === 'account') return accountColumn(row.cells);
  if (field === 'booking') return bookingColumn(row.cells);
  const custom = customProblemColumn(field, row);
  if (custom) return custom;
  return { contact: 'contact_id', owner: 'owner_id', spaces: 'space_ids' }[field] ?? field;
}

/** Each problem of a bulk create on its row, and on the column of its field. */
export function tellProblems(
  outcome: BulkOutcome<unknown>,
  rows: readonly CsvRow[],
  errors: RowErrors,
): void {
  for (const { index, problems } of outcome.problems) {
    const row = rows[index]!;
    for (const problem of problems) errors.add(row.row, columnOf(problem.field ?? '', row), problem.detail);
  }
}

/** Rows read, and records written (rolled back unless every row passed and it is no dry run). */
export interface Imported {
  rows: number;
  written: number;
}

export interface ImportKind {
  /** Rows per chunk: each chunk is read, judged and written before the next is read. */
  readonly chunkRows: number;
  importChunks(
    work: Work,
    chunks: AsyncIterable<readonly CsvRow[]>,
    errors: RowErrors,
    dryRun: boolean,
  ): Promise<Imported>;
}

/** Rows per chunk: a few megabytes of rows, inputs and statements at a time. */
export const CHUNK_ROWS = 5000;

/**
 * Reads, judges and writes the file a chunk at a time, in the one unit of work of the import,
 * which rolls everything back unless every row passed and it is no dry run (import-csv.ts). A
 * kind whose rows are judged against the records written before them (`againstWritten`: a
 * booking, against the spaces earlier rows' bookings hold) writes the rows that pass of every
 * chunk but the last (one with fewer rows than a full one), even in a dry run or once other rows
 * have failed, so each chunk is judged as it would be were every row good. Other kinds write a
 * chunk only while every row so far has passed and it is no dry run. A file of one chunk is
 * judged and written as it always was.
 */
function importKind<Facts, Input extends { custom_fields?: unknown }>(
  type: CsvType,
  loadFacts: (work: Work, rows: readonly CsvRow[]) => Promise<Facts>,
  readRow: (row: CsvRow, errors: RowErrors, facts: Facts) => Input,
  create: (work: Work, facts: Facts, request: BulkRequest<Input>) => Promise<BulkOutcome<unknown>>,
  options: {
    chunkRows?: number;
    againstWritten?: boolean;
    /** Whether the facts are to be loaded again once these inputs are written. */
    reloadFacts?: (inputs: readonly Input[]) => boolean;
  } = {},
): ImportKind {
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  return {
    chunkRows,
    async importChunks(work, chunks, errors, dryRun) {
      const imported: Imported = { rows: 0, written: 0 };
      let facts: Facts | undefined;
      const custom = await csvCustomFields(work.trx, work.actor.organizationId, type);
      for await (const rows of chunks) {
        facts ??= await loadFacts(work, rows);
        const entries = rows.map((row) => ({
          input: { ...readRow(row, errors, facts!), custom_fields: customValuesOf(row, custom) },
          label: `row ${row.row} of this file`,
        }));
        const always = options.againstWritten === true && rows.length === chunkRows;
        const write = always ? !rows.some((row) => errors.has(row.row)) : !dryRun && !errors.any;
        const outcome = await create(work, facts, { entries, write });
        tellProblems(outcome, rows, errors);
        let written = outcome.created.length;
        const passing = entries.filter((_, index) => !errors.has(rows[index]!.row));
        if (always && written === 0 && passing.length > 0) {
          written = (await create(work, facts, { entries: passing, write: true })).created.length;
        }
        imported.rows += rows.length;
        imported.written += written;
        if (written > 0 && options.reloadFacts?.(passing.map((e) => e.input))) facts = undefined;
        errors.settle();
      }
      return imported;
    },
  };
}

/** Every fact of the organization (accounts, contacts, members, spaces). */
const allFacts = (work: Work) => loadAllFacts(work.trx, work.actor.organizationId, work.actor.userId);

/** The spaces, and the bookings the rows name by id or by reference. */
const eventFacts = (work: Work, rows: readonly CsvRow[]) =>
  loadEventBulkFacts(work.trx, work.actor.organizationId, {
    bookingIds: rows.map((row) => row.cells.booking_id?.trim() ?? ''),
    references: rows.map((row) => row.cells.booking_reference?.trim() ?? ''),
  });

export const IMPORT_KINDS: Readonly<Record<CsvType, ImportKind>> = {
  accounts: importKind('accounts', allFacts, accountInputOf, createAccountsInBulk),
  contacts: importKind('contacts', allFacts, contactInputOf, createContactsInBulk),
  // A referral source a row names that the organization has not yet is made with its chunk: the
  // chunks after it find it among the facts.
  bookings: importKind('bookings', allFacts, bookingInputOf, createBookingsInBulk, {
    againstWritten: true,
    reloadFacts: (inputs) => inputs.some((input) => input.newReferralSource !== undefined),
  }),
  // One chunk: a booking is brought up to date with its events (booking.updated) once per write.
  events: importKind('events', eventFacts, eventInputOf, createEventsInBulk, { chunkRows: Infinity }),
};
