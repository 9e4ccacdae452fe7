/**
 * An organization's team changes, as units of work under the organization's write lock
 * (src/writes/unit-of-work.ts): changing a member's role and removing a member; inviting is
 * src/identity/invitation.command.ts. Settings → Team and the command line go through these, and
 * each decides by itself who may act (src/identity/team-access.ts). Taking the lock first means two
 * admins demoting or removing each other at once cannot both pass the last-admin rule. A removal
 * ends, for good, what acts as the member there (src/identity/member-access-ends.ts).
 */
import type { Trx } from '../db/database.js';
import { countOf } from '../db/aggregates.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Command } from '../writes/unit-of-work.js';
import { ROLES } from './identity-rules.js';
import type { Role } from './identity.table.js';
import { endAccessOf } from './member-access-ends.js';
import { insertMembership } from './membership.repository.js';
import { refuse, type Refusal } from '../writes/refusal.js';
import { membershipRole, refuseUnlessTeamManager } from './team-access.js';
import { TEAM_ACTIONS } from './team.policy.js';

export { inviteMember } from './invitation.command.js';

/** The last-admin rule: an organization always keeps an admin. */
async function refuseLastAdmin(trx: Trx, organizationId: string): Promise<void> {
  const admins = await countOf(
    trx
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin'),
  );
  if (admins <= 1) {
    throw new ConflictError(
      'This is the organization’s last admin; make another member admin first.',
      'last_admin',
    );
  }
}

/** An existing user made a member (the command line's `members add`); the user is read by its door. */
export const addMember: Command<{ userId: string; email: string; role: Role }, void | Refusal> = {
  action: TEAM_ACTIONS.add,
  async run({ trx, actor }, input) {
    await refuseUnlessTeamManager(trx, actor);
    if (typeof input.userId !== 'string' || !ROLES.includes(input.role))
      return refuse({ status: 404, code: 'not_found', detail: 'No such user.' });
    if (await membershipRole(trx, actor.organizationId, input.userId))
      return refuse({
        status: 409,
        code: 'already_member',
        detail: `${input.email} is a member of this organization already.`,
      });
    await insertMembership(trx, actor.organizationId, input.userId, input.role);
  },
};

export const changeMemberRole: Command<{ userId: string; role: string }, void> = {
  action: TEAM_ACTIONS.change_role,
  async run({ trx, actor }, input) {
    await refuseUnlessTeamManager(trx, actor);
    if (!ROLES.includes(input.role as Role))
      throw new ValidationError({
        field: 'role',
        detail: `Role must be one of ${ROLES.join(', ')}; got "${input.role}".`,
      });
    const current = await membershipRole(trx, actor.organizationId, input.userId);
    if (!current) throw new NotFoundError('No such member.');
    if (current === 'admin' && input.role !== 'admin') await refuseLastAdmin(trx, actor.organizationId);
    await trx
      .updateTable('memberships')
      .set({ role: input.role as Role })
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', input.userId)
      .execute();
  },
};

export const removeMember: Command<
  { userId: string; notMember: string },
  { userId: string; organizationId: string }
> = {
  action: TEAM_ACTIONS.remove,
  async run(work, input) {
    const { trx, actor } = work;
    await refuseUnlessTeamManager(trx, actor);
    const current = await membershipRole(trx, actor.organizationId, input.userId);
    if (!current) throw new NotFoundError(input.notMember, { pointer: '/email' });
    if (current === 'admin') await refuseLastAdmin(trx, actor.organizationId);
    await trx
      .deleteFrom('memberships')
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', input.userId)
      .execute();
    await endAccessOf(work, input.userId);
    return { userId: input.userId, organizationId: actor.organizationId };
  },
};
