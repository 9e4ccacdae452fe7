/** What the pages read of contacts: a searchable list by name, the choices of a form. */
import type { CursorCodec } from '../data/cursor.js';
import { keysetPage, type KeysetPage } from '../data/keyset-page.js';
import type { Filter } from '../data/list-shape.js';
import type { Db } from '../../db/database.js';
import { contactDefinition } from './contact.resource.js';
import type { ContactTable } from './contact.table.js';

export function contactsPage(
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
): Promise<KeysetPage<ContactTable>> {
  return keysetPage(db, cursors, contactDefinition, organizationId, {
    filters: [...((page.custom ?? []) as Array<Filter<keyof ContactTable & string>>)],
    search: page.q,
    sort: { column: 'last_name', descending: false, then: 'first_name' },
    after: page.after,
    before: page.before,
    size: page.size,
  });
}

/** The organization's contacts (of one account, when given) by name, for a form's choice. */
export async function contactChoices(
  db: Db,
  organizationId: string,
  accountId?: string,
): Promise<ContactTable[]> {
  let query = db.selectFrom('contacts').selectAll().where('organization_id', '=', organizationId);
  if (accountId) query = query.where('account_id', '=', accountId);
  return query.orderBy('last_name').orderBy('first_name').orderBy('id').limit(1000).execute();
}

export function contactName(contact: Pick<ContactTable, 'first_name' | 'last_name'>): string {
  return `${contact.first_name} ${contact.last_name}`.trim();
}
