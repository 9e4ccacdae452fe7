/**
 * A lead as it comes in (SPEC §14): from the venue's inquiry form, the API, the workspace, an
 * import or the assistant. One unit of work makes or reuses the contact (the organization's
 * contact with that e-mail, whatever its case: ../bookings/lead-contact.ts), an account (the
 * company's, reused only when the inquirer's e-mail domain is its own: lead-account.ts, else the
 * person's), a `lead` booking with one event in the organization's time zone and currency, its
 * source, a note with the message and one saying how the company's account was chosen; each
 * record is told as created, as every other command tells it. A refused lead writes nothing.
 */
import type { Trx } from '../../db/database.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { type BookingRow, createBooking, leadContact } from '../bookings/index.js';
import { createNote } from '../notes/index.js';
import { refusalOfProblems } from '../validation.js';
import { companyAccount, type LeadAccount } from './lead-account.js';
import { checkLead, type LeadInput } from './lead-rules.js';
import { LEAD_ACTIONS } from './lead.policy.js';

export type { LeadInput } from './lead-rules.js';

async function venueOf(db: Trx, organizationId: string) {
  const row = await db
    .selectFrom('organizations')
    .select(['timezone', 'currency'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return { zone: row?.timezone ?? 'UTC', currency: row?.currency ?? 'USD' };
}

/**
 * Every problem of a lead to a venue in time zone `zone`, writing nothing (a form shows each
 * beside its field; it read the zone with the venue it serves).
 */
export function leadProblems(input: LeadInput, zone: string) {
  return checkLead(input, zone).problems;
}

export const createLead: Command<LeadInput, BookingRow | Refusal> = {
  action: LEAD_ACTIONS.create,
  async run(work, input) {
    const venue = await venueOf(work.trx, work.actor.organizationId);
    const checked = checkLead(input, venue.zone);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const lead = checked.value;
    const { contact } = input;
    const account: LeadAccount | Refusal | undefined = lead.company
      ? await companyAccount(work, lead.company, contact.email)
      : undefined;
    if (isRefusal(account)) return account;
    const party = await leadContact(
      work,
      {
        first_name: contact.first_name.trim(),
        last_name: contact.last_name.trim(),
        email: contact.email.trim(),
        phone_number: contact.phone?.trim() || null,
      },
      account?.accountId ?? null,
      contact.custom_fields,
    );
    if (isRefusal(party)) return party;
    const booking = await work.run(createBooking, {
      name: lead.name,
      status: 'lead',
      ...('start_at' in lead.times ? { ...lead.times, timezone: venue.zone } : lead.times),
      currency: venue.currency,
      guest_count: input.guest_count,
      event_type: input.event_type?.trim() || undefined,
      accountId: party.accountId,
      contactId: party.contactId,
      source: input.source,
      source_details: input.source_details,
      custom_fields: input.custom_fields,
    });
    if (isRefusal(booking)) return booking;
    // Staff read how the account was chosen beside the client's own words.
    const notes = [account?.said, input.message?.trim()].filter((body): body is string => Boolean(body));
    for (const body of notes) {
      const note = await work.run(createNote, { body, notable: { type: 'bookings', id: booking.id } });
      if (isRefusal(note)) return note;
    }
    return booking;
  },
};
