/** What the pages read of accounts: a searchable list by name, the choices of a form, names by id. */
import type { CursorCodec } from '../data/cursor.js';
import { keysetPage, type KeysetPage } from '../data/keyset-page.js';
import type { Filter } from '../data/list-shape.js';
import type { Db } from '../../db/database.js';
import { idsInOrganizationCondition } from '../../db/id-lookups.js';
import { accountDefinition } from './account.resource.js';
import { type Account, accountCodec, type AccountTable } from './account.value.js';
import type { Reads } from '../data/reads.js';
import { findRow } from '../data/record-lookup.js';

export async function accountsPage(
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
): Promise<KeysetPage<Account>> {
  const found = await keysetPage(db, cursors, accountDefinition, organizationId, {
    filters: [...((page.custom ?? []) as Array<Filter<keyof AccountTable & string>>)],
    search: page.q,
    sort: { column: 'name', descending: false },
    after: page.after,
    before: page.before,
    size: page.size,
  });
  return { ...found, rows: found.rows.map(accountCodec.decode) };
}

/** The organization's accounts by name, for a form's choice (the first thousand). */
export async function accountChoices(
  db: Db,
  organizationId: string,
): Promise<Array<Pick<Account, 'id' | 'name'>>> {
  return db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** The names of the organization's accounts among `ids`. */
export async function accountNames(
  db: Db,
  organizationId: string,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where(idsInOrganizationCondition(db, organizationId, wanted))
    .execute();
  return new Map(rows.map((a) => [a.id, a.name]));
}

/** The organization's account, or undefined (another organization's too). */
export async function findAccount(reads: Reads, organizationId: string, id: string) {
  const row = await findRow(reads.db, accountDefinition, organizationId, id);
  return row && accountCodec.decode(row);
}
