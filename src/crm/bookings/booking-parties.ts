/**
 * A booking made together with whom it is for (the booking form's new account and contact; an
 * inquiry's contact): one unit of work, each party by its own rules, then the booking by its
 * rules. A new contact whose e-mail one of the organization's contacts has is that contact; a
 * contact for whom no account is chosen or named gets a person account named after them (a
 * couple, a family: a booking always has an account).
 */
import type { Db, Trx } from '../../db/database.js';
import type { FieldProblem } from '../../errors.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { accountProblems, createAccount } from '../accounts/index.js';
import { type ContactInput, contactProblems, contactWithEmail, createContact } from '../contacts/index.js';
import type { BookingInput } from './booking-rules.js';
import { bookingProblems, createBooking } from './booking.commands.js';
import type { Booking } from './booking.table.js';
import { BOOKING_ACTIONS } from './booking.policy.js';

export interface BookingWithParties {
  booking: BookingInput;
  /** An account to make for it, instead of the booking's `accountId` (its custom values too, §19). */
  newAccount?: { name: string; custom_fields?: CustomValues } | undefined;
  /** A contact to make for it (or the organization's contact with this e-mail). */
  newContact?: ContactInput | undefined;
  /**
   * The custom values of the account a new contact with none gets in their own name (the form's
   * new account's), so that a required field of accounts does not stop the booking.
   */
  personAccountCustom?: CustomValues;
}

type CustomValues = Readonly<Record<string, unknown>> | undefined;

/** The organization's contact with this e-mail address, if any (contact-email.ts: whatever its case). */
async function contactByEmail(db: Db | Trx, organizationId: string, email: string | null | undefined) {
  if (!email?.trim() || email.includes('\u0000')) return undefined;
  return contactWithEmail(db, organizationId, email).executeTakeFirst();
}

const personName = (contact: ContactInput) =>
  [contact.first_name, contact.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

/** The problems of the parties, with their fields named as the form names them (`new_account_name`…). */
function renamed(problems: readonly FieldProblem[], prefix: string): FieldProblem[] {
  return problems.map((p) => ({ ...p, field: `${prefix}${p.field ?? ''}` }));
}

/** Every problem of a booking and its new parties, writing nothing (forms). */
export async function bookingWithPartiesProblems(
  db: Db,
  actor: Actor,
  input: BookingWithParties,
): Promise<FieldProblem[]> {
  const { booking, newAccount, newContact } = input;
  const problems: FieldProblem[] = [];
  if (newAccount && booking.accountId) {
    problems.push({ field: 'account', detail: 'Choose an account or name a new one, not both.' });
  }
  if (newContact && booking.contactId) {
    problems.push({ field: 'contact', detail: 'Choose a contact or name a new one, not both.' });
  }
  if (newAccount) problems.push(...renamed(await accountProblems(db, actor, newAccount), 'new_account_'));
  const known = newContact ? await contactByEmail(db, actor.organizationId, newContact.email) : undefined;
  if (newContact && !known && !newAccount && !booking.accountId) {
    // The person account's own fields are the contact's (judged below); its custom values are these.
    const person = { name: personName(newContact) || '-', custom_fields: input.personAccountCustom };
    const custom = (await accountProblems(db, actor, person)).filter((p) =>
      p.field?.startsWith('custom_fields/'),
    );
    problems.push(...renamed(custom, 'new_account_'));
  }
  if (newContact && !known) {
    problems.push(
      ...renamed(await contactProblems(db, actor, { ...newContact, accountId: null }), 'new_contact_'),
    );
  }
  // The booking's own rules, but for the parties still to be made.
  const accountToCome = Boolean(newAccount || (newContact && !booking.accountId));
  const own = await bookingProblems(db, actor, {
    ...booking,
    ...(accountToCome ? { accountId: undefined } : {}),
    ...(newContact ? { contactId: null } : {}),
  });
  problems.push(...own.filter((p) => !(accountToCome && p.field === 'account')));
  return problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i);
}

export const createBookingWithParties: Command<BookingWithParties, Booking | Refusal> = {
  action: BOOKING_ACTIONS.create_with_parties,
  async run(work: Work, input) {
    const { trx, actor } = work;
    let { accountId, contactId } = input.booking;
    if (input.newAccount) {
      const account = await work.run(createAccount, input.newAccount);
      if (isRefusal(account)) return account;
      accountId = account.id;
    }
    if (input.newContact) {
      const known = await contactByEmail(trx, actor.organizationId, input.newContact.email);
      if (known) {
        contactId = known.id;
        accountId ??= known.account_id ?? undefined;
      }
      if (!known && !accountId) {
        const person = input.newContact;
        const account = await work.run(createAccount, {
          name: personName(person),
          email: person.email,
          phone: person.phone,
          custom_fields: input.personAccountCustom,
        });
        if (isRefusal(account)) return account;
        accountId = account.id;
      }
      if (!known) {
        const contact = await work.run(createContact, { ...input.newContact, accountId });
        if (isRefusal(contact)) return contact;
        contactId = contact.id;
      }
    }
    return work.run(createBooking, { ...input.booking, accountId, contactId });
  },
};
