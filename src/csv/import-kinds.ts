/**
 * Each kind of import: the facts its rules need, loaded at once (the organization's, or for
 * events the bookings the file names), its rows read into the inputs of the API's rules
 * (account-rows.ts, contact-rows.ts, booking-rows.ts, event-rows.ts), judged and written by the
 * bulk create of that kind (src/crm/bulk.ts), and each problem put back on its row and column.
 */
import { createAccountsInBulk } from '../crm/accounts/account.commands.js';
import { createBookingsInBulk } from '../crm/bookings/booking-bulk.js';
import type { BulkOutcome, BulkRequest } from '../crm/bulk.js';
import { createContactsInBulk } from '../crm/contacts/contact.commands.js';
import { createEventsInBulk } from '../crm/events/event-bulk.js';
import { loadEventBulkFacts } from '../crm/events/event-bulk-facts.js';
import { loadAllFacts } from '../crm/all-facts.js';
import type { Work } from '../writes/unit-of-work.js';
import { accountInputOf } from './account-rows.js';
import { bookingInputOf } from './booking-rows.js';
import type { CsvType } from './columns.js';
import { contactInputOf } from './contact-rows.js';
import { eventInputOf } from './event-rows.js';
import type { Progress } from './progress.js';
import type { CsvRow } from './read-rows.js';
import { accountColumn, bookingColumn } from './references.js';
import type { RowErrors } from './row-errors.js';

/** The column a problem of a field is told on: relationships by their id columns (or the name, reference). */
function columnOf(field: string, row: CsvRow): string {
  if (field === 'account') return accountColumn(row.cells);
  if (field === 'booking') return bookingColumn(row.cells);
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

export interface ImportKind {
  importRows(
    work: Work,
    rows: readonly CsvRow[],
    errors: RowErrors,
    options: { dryRun: boolean; progress: Progress },
  ): Promise<number>;
}

function importKind<Facts, Input>(
  loadFacts: (work: Work, rows: readonly CsvRow[]) => Promise<Facts>,
  readRow: (row: CsvRow, errors: RowErrors, facts: Facts) => Input,
  create: (work: Work, facts: Facts, request: BulkRequest<Input>) => Promise<BulkOutcome<unknown>>,
): ImportKind {
  return {
    async importRows(work, rows, errors, { dryRun, progress }) {
      const facts = await loadFacts(work, rows);
      const entries = rows.map((row) => ({
        input: readRow(row, errors, facts),
        label: `row ${row.row} of this file`,
      }));
      const outcome = await create(work, facts, { entries, write: !dryRun && !errors.any, progress });
      tellProblems(outcome, rows, errors);
      return outcome.created.length;
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
  accounts: importKind(allFacts, accountInputOf, createAccountsInBulk),
  contacts: importKind(allFacts, contactInputOf, createContactsInBulk),
  bookings: importKind(allFacts, bookingInputOf, createBookingsInBulk),
  events: importKind(eventFacts, eventInputOf, createEventsInBulk),
};
