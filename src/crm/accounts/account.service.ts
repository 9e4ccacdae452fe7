/**
 * The rules of accounts (SPEC §7): a name is required, an e-mail must be one, a country is an
 * ISO 3166-1 code, the owner a member of the organization. An account with bookings cannot be
 * deleted (409 has_dependents); deleting one takes its notes along and detaches its contacts.
 */
import type { RequestContext } from '../../app-context.js';
import type { Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { checkedOwner } from '../owners.js';
import { isoTime } from '../../clock.js';
import { lockBookings } from '../bookings/booking-lock.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import { contactDefinition } from '../contacts/contact.resource.js';
import { changeEach, deleteNotesOf, deleteRecord, recordToChange, updateRecord } from '../records.js';
import { isCountry, isEmail, optionalText, Problems } from '../validation.js';
import { contactsOfAccount, countBookingsOfAccount, insertAccount } from './account.repository.js';
import { accountDefinition } from './account.resource.js';
import type { AccountTable } from './account.table.js';

const TEXT_FIELDS = [
  'phone',
  'website',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
] as const;

/** What a create or an update may set; undefined leaves a field as it is. */
export interface AccountInput {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  website?: string | null | undefined;
  address_line1?: string | null | undefined;
  address_line2?: string | null | undefined;
  city?: string | null | undefined;
  region?: string | null | undefined;
  postal_code?: string | null | undefined;
  country?: string | null | undefined;
  ownerId?: string | null | undefined;
}

type AccountChanges = Partial<Omit<AccountTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>>;

async function checkedChanges(trx: Trx, actor: Actor, input: AccountInput, creating: boolean) {
  const problems = new Problems();
  const changes: AccountChanges = {};
  if (input.name !== undefined || creating) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'An account needs a name.', 'blank');
    changes.name = name;
  }
  if (input.email !== undefined) {
    const email = optionalText(input.email);
    if (email !== null && !isEmail(email))
      problems.attribute('email', `"${email}" is not an e-mail address.`);
    changes.email = email;
  }
  if (input.country !== undefined) {
    const country = optionalText(input.country)?.toUpperCase() ?? null;
    if (country !== null && !isCountry(country)) {
      problems.attribute('country', `"${country}" is not an ISO 3166-1 country code such as US or DE.`);
    }
    changes.country = country;
  }
  for (const field of TEXT_FIELDS) {
    if (input[field] !== undefined) changes[field] = optionalText(input[field]);
  }
  const owner = await checkedOwner(
    trx,
    actor,
    creating && input.ownerId === undefined ? actor.userId : input.ownerId,
    problems,
  );
  if (owner !== undefined) changes.owner_id = owner;
  problems.check();
  return changes;
}

export async function createAccount(
  trx: Trx,
  actor: Actor,
  input: AccountInput,
  now: number,
): Promise<AccountTable> {
  const changes = await checkedChanges(trx, actor, input, true);
  const account = await insertAccount(trx, actor.organizationId, changes, isoTime(now));
  await recordCreated(trx, accountDefinition, account, now);
  return account;
}

export async function updateAccount(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  input: AccountInput,
  ifMatch: string | undefined,
): Promise<AccountTable> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await recordToChange(
      trx,
      accountDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const changes = await checkedChanges(trx, actor, input, false);
    const updated = await updateRecord(trx, 'accounts', current, changes, ctx.now());
    await recordUpdated(trx, accountDefinition, current, updated, ctx.now());
    return updated;
  });
}

export async function deleteAccount(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // Serialized with booking writes, so no booking can take this account while it goes.
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      accountDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const bookings = await countBookingsOfAccount(trx, current.id);
    if (bookings > 0) {
      throw new ConflictError(
        `This account has ${bookings} booking${bookings === 1 ? '' : 's'}; delete them or give them another account first.`,
        'has_dependents',
      );
    }
    // Its contacts stay, without an account.
    const contacts = await contactsOfAccount(trx, current.id);
    await changeEach(trx, contactDefinition, contacts, () => ({ account_id: null }), ctx.now());
    await deleteNotesOf(trx, 'accounts', current.id, ctx.now());
    await deleteRecord(trx, 'accounts', current);
    await recordDeleted(trx, accountDefinition, current, ctx.now());
  });
}
