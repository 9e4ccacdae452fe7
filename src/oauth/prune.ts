/**
 * Deletes what can no longer be used, so the tables do not grow without bound (SPEC §4): tokens
 * and codes expired or revoked longer than the retention window ago, grants with nothing live
 * left, expired sign-in sessions and idempotency keys older than a day. The window keeps recent rows for replay detection and audits.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/ids.js';
import { pruneIdempotencyKeys } from '../crm/notes/idempotency.repository.js';

export const DEFAULT_RETENTION_SECONDS = 7 * 86400;

export interface PruneResult {
  tokens: number;
  codes: number;
  grants: number;
  sessions: number;
  idempotency_keys: number;
}

export async function pruneExpired(
  db: Db,
  retentionSeconds = DEFAULT_RETENTION_SECONDS,
  now = Date.now(),
): Promise<PruneResult> {
  const cutoff = nowIso(now - retentionSeconds * 1000);
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const tokens = await db
    .deleteFrom('oauth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  const codes = await db.deleteFrom('oauth_codes').where('expires_at', '<', cutoff).executeTakeFirst();
  const grants = await db
    .deleteFrom('oauth_grants')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('oauth_tokens')
            .select('oauth_tokens.id')
            .whereRef('oauth_tokens.grant_id', '=', 'oauth_grants.id'),
        ),
      ),
    )
    .executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<', nowIso(now)).executeTakeFirst();
  const idempotencyKeys = await pruneIdempotencyKeys(db, now);
  return {
    tokens: count(tokens),
    codes: count(codes),
    grants: count(grants),
    sessions: count(sessions),
    idempotency_keys: idempotencyKeys,
  };
}

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The periodic prune inside `serve`: every interval, never keeping the process alive; returns a stop. */
export function schedulePruning(db: Db, logger: Logger, intervalMs = PRUNE_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    pruneExpired(db)
      .then((result) => logger.info({ pruned: result }, 'pruned expired tokens'))
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning failed; will retry'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
