import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/ids.js';
import type { User } from '../identity/user.repository.js';
import { hashCredential } from '../oauth/credentials.js';

export async function createSession(db: Db, userId: string, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashCredential(token),
      user_id: userId,
      created_at: nowIso(now),
      expires_at: nowIso(now + ttlSeconds * 1000),
    })
    .execute();
  return token;
}

export async function findSessionUser(db: Db, token: string): Promise<User | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('s.id_hash', '=', hashCredential(token))
    .where('s.expires_at', '>', nowIso())
    .executeTakeFirst();
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashCredential(token)).execute();
}
