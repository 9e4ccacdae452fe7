/**
 * Each kind of import: its rows read into the inputs of the API's rules (account-rows.ts,
 * contact-rows.ts, booking-rows.ts), judged and written by the bulk create of that kind
 * (src/crm/bulk.ts), and each problem put back on its row and column.
 */
import { createAccountsInBulk } from '../crm/accounts/account.commands.js';
import { createBookingsInBulk } from '../crm/bookings/booking-bulk.js';
import type { BulkOutcome, BulkRequest } from '../crm/bulk.js';
import { createContactsInBulk } from '../crm/contacts/contact.commands.js';
import { type AllFacts, loadAllFacts } from '../crm/facts.js';
import type { Work } from '../writes/unit-of-work.js';
import { accountInputOf } from './account-rows.js';
import { bookingInputOf } from './booking-rows.js';
import type { CsvType } from './columns.js';
import { contactInputOf } from './contact-rows.js';
import type { Progress } from './progress.js';
import type { CsvRow } from './read-rows.js';
import { accountColumn } from './references.js';
import type { RowErrors } from './row-errors.js';

/** The column a problem of a field is told on: relationships by their id columns (or the account's name). */
function columnOf(field: string, row: CsvRow): string {
  if (field === 'account') return accountColumn(row.cells);
  return { contact: 'contact_id', owner: 'owner_id', spaces: 'space_ids' }[field] ?? field;
}

export interface ImportKind {
  importRows(
    work: Work,
    rows: readonly CsvRow[],
    errors: RowErrors,
    options: { dryRun: boolean; progress: Progress },
  ): Promise<number>;
}

function importKind<Input>(
  readRow: (row: CsvRow, errors: RowErrors, facts: AllFacts) => Input,
  create: (work: Work, facts: AllFacts, request: BulkRequest<Input>) => Promise<BulkOutcome<unknown>>,
): ImportKind {
  return {
    async importRows(work, rows, errors, { dryRun, progress }) {
      const facts = await loadAllFacts(work.trx, work.actor.organizationId, work.actor.userId);
      const entries = rows.map((row) => ({
        input: readRow(row, errors, facts),
        label: `row ${row.row} of this file`,
      }));
      const outcome = await create(work, facts, { entries, write: !dryRun && !errors.any, progress });
      for (const { index, problems } of outcome.problems) {
        const row = rows[index]!;
        for (const problem of problems)
          errors.add(row.row, columnOf(problem.field ?? '', row), problem.detail);
      }
      return outcome.created.length;
    },
  };
}

export const IMPORT_KINDS: Readonly<Record<CsvType, ImportKind>> = {
  accounts: importKind(accountInputOf, createAccountsInBulk),
  contacts: importKind(contactInputOf, createContactsInBulk),
  bookings: importKind(bookingInputOf, createBookingsInBulk),
};
