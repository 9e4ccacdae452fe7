/**
 * Webhook deliveries: due ones are leased to one worker at a time (a lease that expires, so a
 * delivery held by a process that died is taken again), and every attempt's outcome is kept.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { skipLocked } from '../db/skip-locked.js';
import type { WebhookDeliveryTable } from './webhook.table.js';

/** Leases up to `limit` due deliveries of endpoints that take deliveries, until `until`. */
export async function claimDue(
  db: Db,
  now: number,
  until: number,
  limit: number,
): Promise<WebhookDeliveryTable[]> {
  const at = isoTime(now);
  return db.transaction().execute(async (trx) => {
    const due = skipLocked(
      trx,
      trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.id')
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('d.lease_expires_at', 'is', null), eb('d.lease_expires_at', '<', at)]))
        .where('e.disabled_at', 'is', null)
        .orderBy('d.next_attempt_at')
        .limit(limit),
      'd',
    );
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('webhook_deliveries')
      .set({ lease_expires_at: isoTime(until), updated_at: at })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

export interface AttemptRecord {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** succeeded; pending with `nextAttemptAt`; or failed for good. */
  status: WebhookDeliveryTable['status'];
  nextAttemptAt: string | null;
}

export async function recordAttempt(
  db: Db,
  delivery: WebhookDeliveryTable,
  attempt: AttemptRecord,
  now: number,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: attempt.status,
      attempts: delivery.attempts + 1,
      next_attempt_at: attempt.nextAttemptAt,
      lease_expires_at: null,
      last_attempt_at: isoTime(now),
      last_status_code: attempt.statusCode,
      last_duration_ms: attempt.durationMs,
      last_error: attempt.error,
      updated_at: isoTime(now),
    })
    .where('id', '=', delivery.id)
    .execute();
}

/** A delivery still waiting for its next attempt, made due now (Resend of one that is retrying). */
export async function dueNow(db: Db, deliveryId: string, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: isoTime(now), updated_at: isoTime(now) })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
}

/** A new delivery of the event to the endpoint (Resend): same webhook-id, a fresh set of attempts. */
export async function queueAgain(db: Db, endpointId: string, changeId: string, now: number): Promise<void> {
  const at = isoTime(now);
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: newId(now),
      endpoint_id: endpointId,
      change_id: changeId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      lease_expires_at: null,
      last_attempt_at: null,
      last_status_code: null,
      last_duration_ms: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface RecentDelivery extends WebhookDeliveryTable {
  change_type: string;
}

export async function recentDeliveries(db: Db, endpointId: string, limit = 10): Promise<RecentDelivery[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('changes as ch', 'ch.id', 'd.change_id')
    .selectAll('d')
    .select('ch.type as change_type')
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** The queue at a glance, for metrics: deliveries waiting, and how long the oldest has waited. */
export async function queueStats(
  db: Db,
  now: number,
): Promise<{ pending: number; oldestPendingSeconds: number }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(String(row.oldest)) : now;
  return { pending: Number(row.pending), oldestPendingSeconds: Math.max(0, (now - oldest) / 1000) };
}
