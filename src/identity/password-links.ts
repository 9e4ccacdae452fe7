/**
 * Following a one-time link to set a password (an invitation from Settings → Team): the token's
 * SHA-256 finds the link; an unknown, used or expired link is refused the same way. Setting the
 * password uses the link up and ends the user's other sessions, in one transaction.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { hashCredential } from '../oauth/credentials.js';
import { hashPassword } from './passwords.js';

/** The user a live link is for, if the token is one. */
export async function userOfPasswordLink(
  db: Db,
  token: string,
  now: number,
): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom('password_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.email'])
    .where('l.token_hash', '=', hashCredential(token))
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', isoTime(now))
    .executeTakeFirst();
}

/** Sets the password through the link; false when the link was used or expired meanwhile. */
export async function setPasswordByLink(
  db: Db,
  token: string,
  password: string,
  now: number,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_links')
      .set({ used_at: isoTime(now) })
      .where('token_hash', '=', hashCredential(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', isoTime(now))
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return false;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: isoTime(now) })
      .where('id', '=', used.user_id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
    return true;
  });
}
