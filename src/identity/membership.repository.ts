/** Who belongs to which organization, and as what (admin or member). */
import type { Db, Trx } from '../db/database.js';
import { isoTime } from '../clock.js';
import { precompiledQuery } from '../db/precompiled.js';
import type { Role } from './identity.table.js';

export interface Membership {
  organizationId: string;
  organizationName: string;
  userId: string;
  role: Role;
}

/** In the transaction of a team's command, or of the organization or user being made. */
export async function insertMembership(
  trx: Trx,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await trx
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role, created_at: isoTime(Date.now()) })
    .execute();
}

/** Asked on every token request: compiled once per dialect. */
const runMembershipQuery = precompiledQuery((db, key: { organizationId: string; userId: string }) =>
  membershipsQuery(db)
    .where('m.organization_id', '=', key.organizationId)
    .where('m.user_id', '=', key.userId),
);

export async function findMembership(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<Membership | undefined> {
  const rows = await runMembershipQuery(db, { organizationId, userId });
  return rows.map(toMembership)[0];
}

export async function listMembershipsOfUser(db: Db, userId: string): Promise<Membership[]> {
  const rows = await membershipsQuery(db)
    .where('m.user_id', '=', userId)
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
  return rows.map(toMembership);
}

function membershipsQuery(db: Db) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.organization_id', 'o.name', 'm.user_id', 'm.role']);
}

function toMembership(row: {
  organization_id: string;
  name: string;
  user_id: string;
  role: Role;
}): Membership {
  return {
    organizationId: row.organization_id,
    organizationName: row.name,
    userId: row.user_id,
    role: row.role,
  };
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

export async function listMembersOfOrganization(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name', 'm.role'])
    .where('m.organization_id', '=', organizationId)
    .orderBy('u.name')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, role: r.role }));
}

/** Whether the user belongs to the organization (inside a transaction, uncached). */
export async function isMember(db: Db | Trx, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
