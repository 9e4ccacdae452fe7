/**
 * When an e-mail address is a contact's already (SPEC §15: a contact is reused by e-mail in the
 * organization): compared trimmed and whatever its case, as mail is delivered, so
 * "Jane@Example.com" and "jane@example.com" are one person. Every door that looks a contact up by
 * e-mail asks here: the workspace's booking form, the API's embedded contact, the inquiry form
 * and the assistant (through a lead), and the CSV import's `contact_email`.
 */
import type { Db, Trx } from '../../db/database.js';

/** The address as contacts are matched by it. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** The organization's first contact with that e-mail address, whatever its case (contacts_org_email_idx). */
export function contactWithEmail(db: Db | Trx, organizationId: string, email: string) {
  return db
    .selectFrom('contacts')
    .select(['id', 'account_id', 'email'])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey(email)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
}
