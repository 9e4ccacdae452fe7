/**
 * Secrets of this installation (e.g. the key that signs cookies), made on first use and kept in
 * the database so every process behind a load balancer shares them with no configuration.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './database.js';
import { isoTime } from '../clock.js';

export async function appSecret(db: Db, name: string, now: number): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: isoTime(now) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
