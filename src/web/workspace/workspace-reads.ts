/** What the workspace pages read besides what the services return: records by id, choices, notes. */
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { findRow } from '../../api/resource-store.js';
import { resourceEtag } from '../../api/write-replies.js';
import type { Db } from '../../db/database.js';
import type { AccountTable } from '../../crm/accounts/account.table.js';
import type { ContactTable } from '../../crm/contacts/contact.table.js';
import type { NotableType } from '../../crm/notes/note.table.js';
import type { SpaceTable } from '../../crm/spaces/space.table.js';
import { notFound } from './workspace-visitor.js';

type Table = 'bookings' | 'accounts' | 'contacts' | 'spaces' | 'notes';

/** The organization's record, or the 404 page (another organization's id looks the same as none). */
export async function recordOf<T extends Table>(
  db: Db,
  definition: ResourceDefinition<T>,
  organizationId: string,
  id: string,
) {
  const row = await findRow(db, definition, organizationId, id);
  if (!row) throw notFound();
  return row;
}

/** The version a form carries, compared by the service (as If-Match) so a stale save is refused. */
export function versionOf<T extends Table>(
  definition: ResourceDefinition<T>,
  row: Parameters<ResourceDefinition<T>['toResource']>[0],
): string {
  return resourceEtag(definition.toResource(row, ''));
}

/**
 * Organizations have no time zone of their own: the workspace reads dates in the time zone of the
 * organization's latest booking, or in UTC when it has none.
 */
export async function organizationZone(db: Db, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('bookings')
    .select('timezone')
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

export async function spacesOf(db: Db, organizationId: string): Promise<SpaceTable[]> {
  return db
    .selectFrom('spaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function accountChoices(
  db: Db,
  organizationId: string,
): Promise<Array<Pick<AccountTable, 'id' | 'name'>>> {
  return db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
}

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

export async function namesOfUsers(db: Db, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}

export interface NoteView {
  id: string;
  body: string;
  authorId: string | null;
  author: string;
  createdAt: string;
  updatedAt: string;
}

export async function notesOf(
  db: Db,
  organizationId: string,
  type: NotableType,
  id: string,
): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.author_id', 'n.created_at', 'n.updated_at', 'u.name', 'u.email'])
    .where('n.organization_id', '=', organizationId)
    .where('n.notable_type', '=', type)
    .where('n.notable_id', '=', id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    authorId: r.author_id,
    author: r.name || r.email || 'A former member',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}
