/**
 * A new password (SPEC §3) ends every sign-in session of the person's. (Removing a member, which
 * ends what acts as them in an organization, is a team command: src/identity/team.commands.ts.)
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { checkPassword, requireUserByEmail } from './identity.service.js';
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
