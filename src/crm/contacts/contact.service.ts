/**
 * The rules of contacts (SPEC §7): a first or a last name, a valid e-mail when given, and an
 * account of the same organization when given. Deleting a contact removes it from the bookings
 * that named it and takes its notes along.
 */
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import type { Actor } from '../../identity/actor.js';
import { lockBookings } from '../bookings/booking-lock.js';
import { bookingDefinition } from '../bookings/booking.resource.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import {
  changeEach,
  deleteNotesOf,
  deleteRecord,
  idsInOrganization,
  recordToChange,
  updateRecord,
} from '../records.js';
import { isEmail, optionalText, Problems } from '../validation.js';
import { bookingsNamingContact, insertContact } from './contact.repository.js';
import { contactDefinition } from './contact.resource.js';
import type { ContactTable } from './contact.table.js';

export interface ContactInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  title?: string | null | undefined;
  accountId?: string | null | undefined;
}

type ContactChanges = Partial<Omit<ContactTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>>;

async function checkedChanges(
  trx: Trx,
  actor: Actor,
  input: ContactInput,
  current: ContactTable | undefined,
): Promise<ContactChanges> {
  const problems = new Problems();
  const changes: ContactChanges = {};
  for (const field of ['first_name', 'last_name'] as const) {
    if (input[field] !== undefined) changes[field] = input[field].trim();
  }
  const first = changes.first_name ?? current?.first_name ?? '';
  const last = changes.last_name ?? current?.last_name ?? '';
  if (first === '' && last === '') {
    problems.attribute(
      input.first_name !== undefined || !current ? 'first_name' : 'last_name',
      'A contact needs a first or a last name.',
      'blank',
    );
  }
  if (input.email !== undefined) {
    const email = optionalText(input.email);
    if (email !== null && !isEmail(email))
      problems.attribute('email', `"${email}" is not an e-mail address.`);
    changes.email = email;
  }
  if (input.phone !== undefined) changes.phone = optionalText(input.phone);
  if (input.title !== undefined) changes.title = optionalText(input.title);
  if (input.accountId !== undefined) {
    const accountId = input.accountId;
    if (
      accountId !== null &&
      !(await idsInOrganization(trx, 'accounts', actor.organizationId, [accountId])).has(accountId)
    ) {
      problems.relationship(
        'account',
        `No account with the id "${accountId}" exists in this organization.`,
        'not_found',
      );
    }
    changes.account_id = accountId;
  }
  problems.check();
  return changes;
}

export async function createContact(
  trx: Trx,
  actor: Actor,
  input: ContactInput,
  now: number,
): Promise<ContactTable> {
  const changes = await checkedChanges(trx, actor, input, undefined);
  const contact = await insertContact(trx, actor.organizationId, changes, isoTime(now));
  await recordCreated(trx, contactDefinition, contact, now);
  return contact;
}

export async function updateContact(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  input: ContactInput,
  ifMatch: string | undefined,
): Promise<ContactTable> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await recordToChange(
      trx,
      contactDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const changes = await checkedChanges(trx, actor, input, current);
    const updated = await updateRecord(trx, 'contacts', current, changes, ctx.now());
    await recordUpdated(trx, contactDefinition, current, updated, ctx.now());
    return updated;
  });
}

export async function deleteContact(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // It changes the bookings that named it: serialized with the other booking writes.
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      contactDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    // The bookings that named it stay, without a contact.
    const bookings = await bookingsNamingContact(trx, current.id);
    await changeEach(trx, bookingDefinition, bookings, () => ({ contact_id: null }), ctx.now());
    await deleteNotesOf(trx, 'contacts', current.id, ctx.now());
    await deleteRecord(trx, 'contacts', current);
    await recordDeleted(trx, contactDefinition, current, ctx.now());
  });
}
