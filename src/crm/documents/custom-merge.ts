/**
 * A venue's own fields (SPEC §19) as merge fields of documents and e-mails: `{{ booking.custom.<key> }}`,
 * and so for the account, the contact and each event, every field of the organization's in
 * words ('' when unset: custom-field-words.ts). The sample a template is tried against on save
 * holds the organization's fields too (custom-sample.ts).
 */
import { type CustomField, customFieldsOf } from '../custom-fields/index.js';
import type { Db, Trx } from '../../db/database.js';

/** The organization's custom fields of each kind a document merges. */
export interface CustomMergeFields {
  bookings: readonly CustomField[];
  accounts: readonly CustomField[];
  contacts: readonly CustomField[];
  events: readonly CustomField[];
}

export const NO_CUSTOM_FIELDS: CustomMergeFields = { bookings: [], accounts: [], contacts: [], events: [] };

export async function customMergeFields(db: Db | Trx, organizationId: string): Promise<CustomMergeFields> {
  const [bookings, accounts, contacts, events] = await Promise.all(
    (['bookings', 'accounts', 'contacts', 'events'] as const).map(
      async (kind) => (await customFieldsOf(db, organizationId, kind)).fields,
    ),
  );
  return { bookings: bookings!, accounts: accounts!, contacts: contacts!, events: events! };
}

/**
 * A record's custom fields in words under both names a template may use: `custom` (SPEC §19's
 * `{{ booking.custom.<key> }}`) and `custom_fields`, which templates saved before still name.
 */
export const customWords = (words: Record<string, string>) => ({ custom: words, custom_fields: words });
