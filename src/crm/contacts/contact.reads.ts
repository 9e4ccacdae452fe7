/** What the pages read of contacts: a searchable list by name, the choices of a form, as values. */
import type { CursorCodec } from '../data/cursor.js';
import { keysetPage, type KeysetPage } from '../data/keyset-page.js';
import type { Filter } from '../data/list-shape.js';
import type { Reads } from '../data/reads.js';
import { findRow } from '../data/record-lookup.js';
import type { Db } from '../../db/database.js';
import { contactDefinition } from './contact.resource.js';
import { type Contact, contactCodec, type ContactTable } from './contact.value.js';

export async function contactsPage(
  db: Db,
  cursors: CursorCodec,
  organizationId: string,
  page: {
    q?: string | undefined;
    after?: string | undefined;
    before?: string | undefined;
    size: number;
    /** Filters on the venue's own fields, as the API's parser reads them (SPEC §19). */
    custom?: readonly Filter[] | undefined;
  },
): Promise<KeysetPage<Contact>> {
  const found = await keysetPage(db, cursors, contactDefinition, organizationId, {
    filters: [...((page.custom ?? []) as Array<Filter<keyof ContactTable & string>>)],
    search: page.q,
    sort: { column: 'last_name', descending: false, then: 'first_name' },
    after: page.after,
    before: page.before,
    size: page.size,
  });
  return { ...found, rows: found.rows.map(contactCodec.decode) };
}

/** The organization's contacts (of one account, when given) by name, for a form's choice. */
export async function contactChoices(db: Db, organizationId: string, accountId?: string): Promise<Contact[]> {
  let query = db.selectFrom('contacts').selectAll().where('organization_id', '=', organizationId);
  if (accountId) query = query.where('account_id', '=', accountId);
  const rows = await query.orderBy('last_name').orderBy('first_name').orderBy('id').limit(1000).execute();
  return rows.map(contactCodec.decode);
}

/** The organization's contact, or undefined (another organization's too). */
export async function findContact(reads: Reads, organizationId: string, id: string) {
  const row = await findRow(reads.db, contactDefinition, organizationId, id);
  return row && contactCodec.decode(row);
}

/** A contact's name as people read it. */
export function contactName(contact: Pick<Contact, 'firstName' | 'lastName'>): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}
