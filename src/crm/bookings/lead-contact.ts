/**
 * The contact and account of a booking whose contact came embedded (SPEC §15): the
 * organization's contact with that e-mail address (contact-email.ts) is reused, else a new one
 * is made; the booking's account is the one it names, else the reused contact's, else a new
 * person account named after the contact. Each record made is told as created.
 */
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { createAccount } from '../accounts/index.js';
import { contactWithEmail, createContact } from '../contacts/index.js';
import type { EmbeddedContact } from './booking-event-temple.js';

export async function leadContact(
  work: Work,
  contact: EmbeddedContact,
  accountId: string | null,
  /** A new contact's custom fields (SPEC §19). */
  customFields?: Readonly<Record<string, unknown>> | undefined,
): Promise<{ accountId: string; contactId: string } | Refusal> {
  const email = contact.email?.trim() || null;
  const known = email
    ? await contactWithEmail(work.trx, work.actor.organizationId, email).executeTakeFirst()
    : undefined;
  const phone = contact.phone_number?.trim() || null;
  const name = [contact.first_name, contact.last_name]
    .map((n) => n?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  let account = accountId ?? known?.account_id;
  if (!account) {
    const made = await work.run(createAccount, { name, email, phone });
    if (isRefusal(made)) return made;
    account = made.id;
  }
  if (known) return { accountId: account, contactId: known.id };
  const made = await work.run(createContact, {
    first_name: contact.first_name ?? '',
    last_name: contact.last_name ?? '',
    email,
    phone,
    accountId: account,
    custom_fields: customFields,
  });
  if (isRefusal(made)) return made;
  return { accountId: account, contactId: made.id };
}
