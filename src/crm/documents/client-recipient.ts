/**
 * Who a proposal or an invoice is sent to (SPEC §13): the booking's contact, at their e-mail
 * address. A booking without a contact, or whose contact has no address, cannot send it, and says
 * so. The mail is written in the organization's locale.
 */
import type { Trx } from '../../db/database.js';
import { organizationLocale } from '../../locale.js';
import { type Contact, contactName, findContact } from '../contacts/index.js';
import type { DocumentRow } from './document.table.js';

export type Recipient =
  | {
      ok: true;
      contact: Contact;
      email: string;
      venue: string;
      zone: string;
      locale: string;
      bookingName: string;
      reference: string;
    }
  | { ok: false; detail: string };

export async function clientMailFor(trx: Trx, document: DocumentRow): Promise<Recipient> {
  const [booking, organization] = await Promise.all([
    trx
      .selectFrom('bookings')
      .select(['name', 'reference', 'contact_id'])
      .where('id', '=', document.booking_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('organizations')
      .select(['name', 'timezone', 'locale'])
      .where('id', '=', document.organization_id)
      .executeTakeFirstOrThrow(),
  ]);
  const contact = booking.contact_id
    ? await findContact({ db: trx }, document.organization_id, booking.contact_id)
    : undefined;
  const name = document.kind === 'invoice' ? 'invoice' : 'proposal';
  if (!contact)
    return {
      ok: false,
      detail: `The booking has no contact to send the ${name} to: name one, then send it.`,
    };
  if (!contact.email)
    return {
      ok: false,
      detail: `The booking's contact, ${contactName(contact)}, has no e-mail address: add one, then send it.`,
    };
  return {
    ok: true,
    contact,
    email: contact.email,
    venue: organization.name,
    zone: organization.timezone,
    locale: organizationLocale(organization),
    bookingName: booking.name,
    reference: booking.reference,
  };
}
