/**
 * A row's account, by id when it is one of the organization's, else by its exact name; an event's
 * booking, by id when it is one of the organization's, else by its reference.
 */
import type { EventBulkFacts } from '../crm/events/event-bulk-facts.js';
import type { AllFacts } from '../crm/facts.js';
import type { RowReader } from './cells.js';

/**
 * The account by `account_id` when it names one of the organization's, else by `account_name`,
 * so an export of another organization (whose ids mean nothing here) imports once its accounts
 * have: its id; null when the row names none; undefined when the name found none (told on
 * account_name). An id that names none is passed on for the rules to refuse.
 */
export function accountOf(reader: RowReader, facts: AllFacts): string | null | undefined {
  const id = reader.text('account_id');
  const name = reader.text('account_name');
  if (id !== null && facts.hasAccount(id)) return id;
  if (name === null) return id;
  const found = facts.accountsNamed(name);
  if (found.length === 1) return found[0]!;
  reader.problem(
    'account_name',
    found.length === 0
      ? `No account of this organization is named "${name}".`
      : `${found.length} accounts are named "${name}"; give its account_id instead.`,
  );
  return undefined;
}

/** The column a problem of the row's account is told on: the one that named it. */
export function accountColumn(cells: Readonly<Record<string, string | undefined>>): string {
  return cells.account_name?.trim() && !cells.account_id?.trim() ? 'account_name' : 'account_id';
}

/**
 * An event's booking: by `booking_id` when it names one of the organization's, else by
 * `booking_reference` (BK-00001), so an export whose booking ids mean nothing here imports into
 * an organization whose bookings carry the same references: its id; undefined when the row names
 * none, or the reference found none (told on booking_reference). An id that names none is passed
 * on for the rules to refuse.
 */
export function bookingOf(reader: RowReader, facts: EventBulkFacts): string | undefined {
  const id = reader.text('booking_id');
  const reference = reader.text('booking_reference');
  if (id !== null && facts.booking(id)) return id;
  if (reference === null) return id ?? undefined;
  const found = facts.bookingByReference(reference);
  if (found) return found.id;
  reader.problem('booking_reference', `No booking of this organization has the reference "${reference}".`);
  return undefined;
}

/** The column a problem of the row's booking is told on: the one that named it. */
export function bookingColumn(cells: Readonly<Record<string, string | undefined>>): string {
  return cells.booking_reference?.trim() && !cells.booking_id?.trim() ? 'booking_reference' : 'booking_id';
}
