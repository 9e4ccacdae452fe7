/**
 * Deletes what can no longer be used, so the tables do not grow without bound (SPEC §4): OAuth
 * tokens, codes and grants expired or revoked longer than the retention window ago, expired
 * sign-in sessions, refresh pairs kept past their grace window, idempotency keys older than a day,
 * change events older than EVENT_RETENTION (their webhook deliveries with them) and outgoing
 * e-mail done with for as long, and assistants that registered themselves but were never used
 * within a day, and jobs finished as long ago as events. Run by `marquee tokens prune` and, as a
 * recurring job, every hour inside `serve`.
 */
import type { Logger } from 'pino';
import { pruneIdempotencyKeys } from '../writes/idempotency.repository.js';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../writes/idempotency.js';
import { isoTime } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { pruneChanges } from '../changes/change.repository.js';
import { pruneMail } from '../mail/outbox.js';
import { pruneJobs } from '../jobs/job.repository.js';
import type { Recurrence } from '../jobs/recurring.js';
import { pruneOAuthRows } from '../oauth/oauth-prune.js';
import { dropClosedReplays } from '../oauth/refresh-replay.js';
import {
  pruneUnusedRegistrations,
  UNUSED_REGISTRATION_SECONDS,
} from '../oauth/registration/registered-clients.js';
import { pruneSessions } from '../web/session/session.repository.js';

export const DEFAULT_RETENTION_SECONDS = 7 * 86400;
const DEFAULT_EVENT_RETENTION_SECONDS = 30 * 86400;

export interface PruneResult {
  tokens: number;
  codes: number;
  grants: number;
  sessions: number;
  idempotency_keys: number;
  changes: number;
  mail: number;
  /** Assistants that registered themselves (RFC 7591) and were never used within a day. */
  registrations: number;
  /** Jobs done or failed for longer than EVENT_RETENTION. */
  jobs: number;
}

export interface Retention {
  /** Expired and revoked OAuth rows are kept this long (seconds) for replay detection and audits. */
  retentionSeconds?: number;
  /** EVENT_RETENTION: change events (and their webhook deliveries), and e-mail sent or failed, are kept this long. */
  eventRetentionSeconds?: number;
  /** REFRESH_REUSE_GRACE: the pair kept for a retried refresh is forgotten when it closes. */
  refreshReuseGraceSeconds?: number;
}

/** The retention a configuration asks for (the same in `serve`, its cluster and `tokens prune`). */
export function configuredRetention(config: Pick<Config, 'eventRetention' | 'refreshReuseGrace'>): Retention {
  return { eventRetentionSeconds: config.eventRetention, refreshReuseGraceSeconds: config.refreshReuseGrace };
}

export async function pruneExpired(db: Db, now: number, retention: Retention = {}): Promise<PruneResult> {
  const ago = (seconds: number) => isoTime(now - seconds * 1000);
  const oauth = await pruneOAuthRows(db, ago(retention.retentionSeconds ?? DEFAULT_RETENTION_SECONDS));
  await dropClosedReplays(db, ago(retention.refreshReuseGraceSeconds ?? 0));
  const sessions = await pruneSessions(db, isoTime(now));
  const idempotencyKeys = await pruneIdempotencyKeys(db, ago(IDEMPOTENCY_RETENTION_SECONDS));
  const eventsBefore = ago(retention.eventRetentionSeconds ?? DEFAULT_EVENT_RETENTION_SECONDS);
  const changes = await pruneChanges(db, eventsBefore);
  const mail = await pruneMail(db, eventsBefore);
  const registrations = await pruneUnusedRegistrations(db, ago(UNUSED_REGISTRATION_SECONDS));
  const jobs = await pruneJobs(db, eventsBefore);
  return { ...oauth, sessions, idempotency_keys: idempotencyKeys, changes, mail, registrations, jobs };
}

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Pruning inside `serve`: a recurring job (src/jobs/recurring.ts), one run an hour among all processes. */
export function pruneRecurrence(retention: Retention, logger: Logger): Recurrence {
  return {
    kind: 'prune',
    everyMs: PRUNE_INTERVAL_MS,
    async perform({ writer }) {
      const pruned = await pruneExpired(writer.db, writer.clock.now(), retention);
      logger.info({ pruned }, 'pruned expired rows');
    },
  };
}
