/**
 * Stored first responses of idempotent creates (src/writes/unit-of-work.ts): one row per scope and
 * key, with a hash of the request that made it.
 */
import type { Db, Trx } from '../db/database.js';
import { type StoredResponse, storedResponseCodec } from './idempotency.codec.js';

export type { StoredResponse };

/** The response stored for the key since `since` (an ISO time), if any. */
export async function findStoredResponse(
  db: Db,
  scope: string,
  key: string,
  since: string,
): Promise<StoredResponse | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row && storedResponseCodec.decode(row);
}

/**
 * Stores the first response; `false` when another request stored one for the key first. A row
 * older than `expiredBefore` no longer holds the key, even before pruning removes it.
 */
export async function storeResponse(
  trx: Trx,
  scope: string,
  key: string,
  response: StoredResponse,
  times: { now: string; expiredBefore: string },
): Promise<boolean> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '<=', times.expiredBefore)
    .execute();
  const result = await trx
    .insertInto('idempotency_keys')
    .values({
      scope,
      key,
      request_hash: response.requestHash,
      status: response.status,
      response: JSON.stringify(response.body),
      created_at: times.now,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function pruneIdempotencyKeys(db: Db, expiredBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', expiredBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
