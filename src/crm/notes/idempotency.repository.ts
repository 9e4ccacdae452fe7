/**
 * Idempotency keys for POST (SPEC §5, after Stripe's design): the first response to a key is
 * stored with a hash of its request; the same key and body get that response again, the same key
 * with another body is refused. Keys are scoped to integration, user and organization.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/ids.js';

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 3600;

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

export async function findStoredResponse(
  db: Db,
  scope: string,
  key: string,
): Promise<StoredResponse | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '>', nowIso(Date.now() - IDEMPOTENCY_RETENTION_SECONDS * 1000))
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, status: row.status, body: JSON.parse(row.response) };
}

/** Stores the first response; `false` when another request stored one for the key first. */
export async function storeResponse(
  db: Db,
  scope: string,
  key: string,
  response: StoredResponse,
): Promise<boolean> {
  // A key may be used again once its day is over, even before pruning removed the old row.
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '<=', nowIso(Date.now() - IDEMPOTENCY_RETENTION_SECONDS * 1000))
    .execute();
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      scope,
      key,
      request_hash: response.requestHash,
      status: response.status,
      response: JSON.stringify(response.body),
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function pruneIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', nowIso(now - IDEMPOTENCY_RETENTION_SECONDS * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
