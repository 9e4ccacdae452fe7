/**
 * What an import's rows may refer to, read once inside the import's transaction instead of one
 * query per row: the organization's members (owners), accounts (by id and by name), contacts
 * and spaces. Ids of another organization are absent, so they are refused like unknown ones.
 */
import type { Trx } from '../db/database.js';

export interface SpaceInfo {
  name: string;
  capacity: number | null;
}

export interface Lookups {
  members: ReadonlySet<string>;
  accountIds: ReadonlySet<string>;
  /** Account ids by exact (trimmed) name; a name may be shared. */
  accountsByName: ReadonlyMap<string, readonly string[]>;
  contactIds: ReadonlySet<string>;
  spaces: ReadonlyMap<string, SpaceInfo>;
}

export interface LookupNeeds {
  accounts?: boolean;
  contacts?: boolean;
  spaces?: boolean;
}

export async function loadLookups(trx: Trx, organizationId: string, needs: LookupNeeds): Promise<Lookups> {
  const members = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .execute();
  const accounts = needs.accounts
    ? await trx
        .selectFrom('accounts')
        .select(['id', 'name'])
        .where('organization_id', '=', organizationId)
        .execute()
    : [];
  const contacts = needs.contacts
    ? await trx.selectFrom('contacts').select('id').where('organization_id', '=', organizationId).execute()
    : [];
  const spaces = needs.spaces
    ? await trx
        .selectFrom('spaces')
        .select(['id', 'name', 'capacity'])
        .where('organization_id', '=', organizationId)
        .execute()
    : [];
  const accountsByName = new Map<string, string[]>();
  for (const account of accounts) {
    const name = account.name.trim();
    accountsByName.set(name, [...(accountsByName.get(name) ?? []), account.id]);
  }
  return {
    members: new Set(members.map((m) => m.user_id)),
    accountIds: new Set(accounts.map((a) => a.id)),
    accountsByName,
    contactIds: new Set(contacts.map((c) => c.id)),
    spaces: new Map(
      spaces.map((s) => [s.id, { name: s.name, capacity: s.capacity === null ? null : Number(s.capacity) }]),
    ),
  };
}
