/**
 * Deletes what can no longer be used, so the tables do not grow without bound (SPEC §4): OAuth
 * tokens, codes and grants expired or revoked longer than the retention window ago, expired
 * sign-in sessions and idempotency keys older than a day. Run by `marquee tokens prune` and
 * every hour inside `serve`.
 */
import type { Logger } from 'pino';
import { pruneIdempotencyKeys } from '../api/idempotency.repository.js';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../api/idempotency.js';
import { type Clock, isoTime, systemClock } from '../clock.js';
import type { Db } from '../db/database.js';
import { pruneOAuthRows } from '../oauth/oauth-prune.js';
import { pruneSessions } from '../web/session/session.repository.js';

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
  now: number,
  retentionSeconds = DEFAULT_RETENTION_SECONDS,
): Promise<PruneResult> {
  const oauth = await pruneOAuthRows(db, isoTime(now - retentionSeconds * 1000));
  const sessions = await pruneSessions(db, isoTime(now));
  const idempotencyKeys = await pruneIdempotencyKeys(db, isoTime(now - IDEMPOTENCY_RETENTION_SECONDS * 1000));
  return { ...oauth, sessions, idempotency_keys: idempotencyKeys };
}

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The periodic prune inside `serve`: every interval, never keeping the process alive; returns a stop. */
export function schedulePruning(
  db: Db,
  logger: Logger,
  { intervalMs = PRUNE_INTERVAL_MS, clock = systemClock }: { intervalMs?: number; clock?: Clock } = {},
): () => void {
  const timer = setInterval(() => {
    pruneExpired(db, clock.now())
      .then((result) => logger.info({ pruned: result }, 'pruned expired rows'))
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning failed; will retry'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
