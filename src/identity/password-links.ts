/**
 * One-time links to set a password (an invitation from Settings → Team, or a reset asked for from
 * the sign-in page): only the token's SHA-256 is stored, and it finds the link; an unknown, used
 * or expired link is refused the same way. Setting the password uses the link up and ends the
 * user's other sessions, in one transaction.
 */
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import { generateCredential, hashCredential } from '../security/credentials.js';
import { hashPassword } from './passwords.js';

/** A one-time link for `userId`, valid for `lifetimeMs`; the token is returned once. */
export async function newPasswordLink(
  trx: Trx,
  userId: string,
  now: number,
  lifetimeMs: number,
): Promise<string> {
  const link = generateCredential('passwordLink');
  await trx
    .insertInto('password_links')
    .values({
      token_hash: link.hash,
      user_id: userId,
      created_at: isoTime(now),
      expires_at: isoTime(now + lifetimeMs),
      used_at: null,
    })
    .execute();
  return link.value;
}

/** Ends the user's links not used yet: only the link made next works. */
export async function endUnusedPasswordLinks(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('password_links').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

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
