/** Users (staff who sign in). E-mails are stored lower-cased; passwords as scrypt hashes only. */
import type { Db } from '../db/database.js';
import { isoTime } from '../clock.js';
import { newId } from '../db/ids.js';

export interface User {
  id: string;
  email: string;
  name: string;
}

export interface UserWithPassword extends User {
  passwordHash: string;
}

export async function insertUser(
  db: Db,
  user: { email: string; name: string; passwordHash: string },
): Promise<User> {
  const now = isoTime(Date.now());
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email: user.email, name: user.name };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserWithPassword | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash };
}

/** The most recently set password hash of any user (its cost is what real accounts cost to check). */
export async function latestPasswordHash(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The name (or, without one, the e-mail) of each user among `ids`. */
export async function userNames(db: Db, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}
