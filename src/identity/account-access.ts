/**
 * Ending a person's access (SPEC §3): a new password ends every sign-in session of theirs; removing
 * a member from an organization ends what they granted there — their grants for that
 * organization alone, and the private integrations they own in it (which act as them) — at once.
 * Tokens of grants that also cover other organizations keep working there and are refused here,
 * since every request checks membership.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { revokeGrants } from '../oauth/grant.repository.js';
import { checkPassword, requireOrganization, requireUserByEmail } from './identity.service.js';
import { findMembership } from './membership.repository.js';
import { hashPassword, type ScryptCost } from './passwords.js';

export async function setPassword(
  db: Db,
  input: { email: string; password: string; passwordCost?: ScryptCost },
  now: number,
): Promise<{ id: string; email: string }> {
  const user = await requireUserByEmail(db, input.email);
  await replacePassword(db, user.id, checkPassword(input.password), now, input.passwordCost);
  return { id: user.id, email: user.email };
}

/**
 * A signed-in user's own change (the account page): the same as `setPassword`, ending every
 * session of theirs; the page then starts a fresh session for the browser that made the change.
 */
export async function changeOwnPassword(
  db: Db,
  input: { userId: string; password: string; passwordCost?: ScryptCost },
  now: number,
): Promise<void> {
  await replacePassword(db, input.userId, checkPassword(input.password), now, input.passwordCost);
}

async function replacePassword(
  db: Db,
  userId: string,
  password: string,
  now: number,
  cost: ScryptCost | undefined,
): Promise<void> {
  const passwordHash = await hashPassword(password, cost);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: isoTime(now) })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}

export async function removeMember(
  db: Db,
  organizationId: string,
  email: string,
  now: number,
): Promise<{ userId: string; organizationId: string }> {
  await requireOrganization(db, organizationId);
  const user = await requireUserByEmail(db, email);
  const membership = await findMembership(db, organizationId, user.id);
  if (!membership)
    throw new NotFoundError(`${user.email} is not a member of this organization.`, { pointer: '/email' });
  await db.transaction().execute(async (trx) => {
    if (membership.role === 'admin') {
      const admins = await trx
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) {
        throw new ConflictError(
          'This is the organization’s last admin; make another member admin first.',
          'last_admin',
        );
      }
    }
    await trx
      .deleteFrom('memberships')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', user.id)
      .execute();
    const grants = await trx
      .selectFrom('oauth_grants as g')
      .leftJoin('integrations as i', 'i.id', 'g.integration_id')
      .select('g.id')
      .where('g.user_id', '=', user.id)
      .where('g.revoked_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('g.organization_ids', '=', JSON.stringify([organizationId])),
          eb.and([eb('i.owner_user_id', '=', user.id), eb('i.organization_id', '=', organizationId)]),
        ]),
      )
      .execute();
    await revokeGrants(
      trx,
      grants.map((g) => g.id),
      isoTime(now),
    );
  });
  return { userId: user.id, organizationId };
}
