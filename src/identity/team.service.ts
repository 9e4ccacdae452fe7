/**
 * An organization's team, managed by its admins from Settings → Team: inviting a person by e-mail
 * with a role (someone new gets an account without a password, and a one-time link to set one,
 * valid for a week, which the admin passes on until Marquee sends e-mail), changing a member's
 * role, and removing a member (the same rule as `members remove`: never the last admin).
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { generateCredential } from '../oauth/credentials.js';
import { removeMember } from './account-access.js';
import { checkRole, EMAIL, normalizeEmail } from './identity.service.js';
import type { Role } from './identity.table.js';
import { findMembership, insertMembership } from './membership.repository.js';
import { findUserByEmail, insertUser } from './user.repository.js';

export const PASSWORD_LINK_DAYS = 7;

/** A stored password that no password matches: the account is signed into only after its link. */
export const NO_PASSWORD = 'none';

export interface Invitation {
  userId: string;
  email: string;
  role: Role;
  /** The one-time token of the set-password link, for a person new to Marquee; shown once. */
  passwordToken?: string;
}

export async function inviteMember(
  db: Db,
  organizationId: string,
  input: { email: string; role: string },
  now: number,
): Promise<Invitation> {
  const email = normalizeEmail(input.email);
  if (email.length > 254 || !EMAIL.test(email)) {
    throw new ValidationError({
      field: 'email',
      detail: `"${input.email.trim()}" is not an e-mail address.`,
    });
  }
  const role = checkRole(input.role);
  const existing = await findUserByEmail(db, email);
  if (existing && (await findMembership(db, organizationId, existing.id))) {
    throw new ValidationError({ field: 'email', detail: `${email} is a member already.` });
  }
  // Someone who already signs in keeps their password; anyone else (new, or invited before and
  // never followed their link) gets a fresh one-time link.
  if (existing && existing.passwordHash !== NO_PASSWORD) {
    await insertMembership(db, organizationId, existing.id, role);
    return { userId: existing.id, email, role };
  }
  const link = generateCredential('passwordLink');
  const userId = await db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (await insertUser(trx, { email, name: email.split('@')[0] ?? email, passwordHash: NO_PASSWORD })).id;
    await insertMembership(trx, organizationId, id, role);
    await trx
      .insertInto('password_links')
      .values({
        token_hash: link.hash,
        user_id: id,
        created_at: isoTime(now),
        expires_at: isoTime(now + PASSWORD_LINK_DAYS * 86_400_000),
        used_at: null,
      })
      .execute();
    return id;
  });
  return { userId, email, role, passwordToken: link.value };
}

export async function changeRole(
  db: Db,
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  const checked = checkRole(role);
  await db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!membership) throw new NotFoundError('No such member.');
    if (membership.role === 'admin' && checked !== 'admin') {
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
      .updateTable('memberships')
      .set({ role: checked })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Removes a member by id, with the rules of `members remove` (their grants there end). */
export async function removeTeamMember(db: Db, organizationId: string, userId: string, now: number) {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user || !(await findMembership(db, organizationId, userId)))
    throw new NotFoundError('No such member.');
  return removeMember(db, organizationId, user.email, now);
}
