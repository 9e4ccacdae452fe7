/**
 * Who may manage an organization's team: its admins, and the operator at the command line. The
 * acting admin's role is read again under the organization's lock (the team commands run in a
 * unit of work): an admin demoted by another a moment ago acts as the member they now are.
 */
import type { Trx } from '../db/database.js';
import { ForbiddenError } from '../errors.js';
import type { Actor } from '../policy/actor.js';
import type { Role } from './identity.table.js';

export async function membershipRole(
  trx: Trx,
  organizationId: string,
  userId: string,
): Promise<Role | undefined> {
  const row = await trx
    .selectFrom('memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function refuseUnlessTeamManager(trx: Trx, actor: Actor): Promise<void> {
  if (actor.door === 'cli') return;
  const role =
    actor.userId === null ? undefined : await membershipRole(trx, actor.organizationId, actor.userId);
  if (role !== 'admin')
    throw new ForbiddenError('Only organization admins may manage its team.', 'admin_only');
}
