/** Checking a row's relationships against the organization's records (lookups.ts). */
import type { RowReader } from './cells.js';
import type { Lookups } from './lookups.js';

/** A member of the organization by `owner_id`, or null. */
export function ownerOf(reader: RowReader, lookups: Lookups): string | null {
  const id = reader.text('owner_id');
  if (id !== null && !lookups.members.has(id)) {
    reader.problem('owner_id', `no member of this organization has the id "${id}"`);
  }
  return id;
}

/**
 * The account by `account_id` when it is one of this organization's, else by `account_name`, so
 * an export of another organization (whose ids mean nothing here) imports once its accounts have.
 */
export function accountOf(reader: RowReader, lookups: Lookups, required: boolean): string | null {
  const id = reader.text('account_id');
  const name = reader.text('account_name');
  if (id !== null && lookups.accountIds.has(id)) return id;
  if (name !== null) {
    const found = lookups.accountsByName.get(name) ?? [];
    if (found.length === 1) return found[0]!;
    reader.problem(
      'account_name',
      found.length === 0
        ? `no account of this organization is named "${name}"`
        : `${found.length} accounts are named "${name}"; give its account_id instead`,
    );
    return null;
  }
  if (id !== null) reader.problem('account_id', `no account with the id "${id}" exists in this organization`);
  else if (required) reader.problem('account_id', 'a booking needs an account (account_id or account_name)');
  return null;
}

export function contactOf(reader: RowReader, lookups: Lookups): string | null {
  const id = reader.text('contact_id');
  if (id !== null && !lookups.contactIds.has(id)) {
    reader.problem('contact_id', `no contact with the id "${id}" exists in this organization`);
  }
  return id;
}
