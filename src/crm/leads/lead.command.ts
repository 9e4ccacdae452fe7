/**
 * A lead as it comes in (SPEC §14): from the venue's inquiry form, the API, the workspace, an
 * import or the assistant. One unit of work makes or reuses the contact (the organization's
 * contact with that e-mail, whatever its case: ../bookings/lead-contact.ts), an account (the
 * company, reused by its name, else the person's), a `lead` booking with one event in the
 * organization's time zone and currency, its source, and a note with the message; each record
 * is told as created, as every other command tells it. A refused lead writes nothing.
 */
import type { Trx } from '../../db/database.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { createAccount } from '../accounts/account.commands.js';
import { createBooking } from '../bookings/booking.commands.js';
import type { Booking } from '../bookings/booking.table.js';
import { leadContact } from '../bookings/lead-contact.js';
import { createNote } from '../notes/note.commands.js';
import { accepted } from '../validation.js';
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

/** The organization's account with this name, whatever its case (accounts_org_lower_name_idx), else a new one. */
async function companyAccount(work: Work, company: string): Promise<string> {
  const known = await work.trx
    .selectFrom('accounts')
    .select('id')
    .where('organization_id', '=', work.actor.organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', company.toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return known?.id ?? (await work.run(createAccount, { name: company })).id;
}

export const createLead: Command<LeadInput, Booking> = {
  action: LEAD_ACTIONS.create,
  async run(work, input) {
    const venue = await venueOf(work.trx, work.actor.organizationId);
    const lead = accepted(checkLead(input, venue.zone));
    const { contact } = input;
    const party = await leadContact(
      work,
      {
        first_name: contact.first_name.trim(),
        last_name: contact.last_name.trim(),
        email: contact.email.trim(),
        phone_number: contact.phone?.trim() || null,
      },
      lead.company ? await companyAccount(work, lead.company) : null,
    );
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
    });
    const message = input.message?.trim();
    if (message) {
      await work.run(createNote, { body: message, notable: { type: 'bookings', id: booking.id } });
    }
    return booking;
  },
};
