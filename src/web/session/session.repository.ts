/** Sign-in sessions, stored by the hash of the cookie value. */
import { randomBytes } from 'node:crypto';
import { isoTime } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { User } from '../../identity/user.repository.js';
import { hashCredential } from '../../security/credentials.js';

/** A new session for the user; returns the cookie value (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  now: number,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashCredential(token),
      user_id: userId,
      created_at: isoTime(now),
      expires_at: isoTime(now + ttlSeconds * 1000),
    })
    .execute();
  return token;
}

export async function findSessionUser(db: Db, token: string, now: string): Promise<User | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('s.id_hash', '=', hashCredential(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashCredential(token)).execute();
}

/** Deletes sessions that expired before `now`; returns how many. */
export async function pruneSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
