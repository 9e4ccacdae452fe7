/**
 * Webhook deliveries and their jobs: every pending delivery has one `webhook.delivery` job (its
 * key the delivery's id), queued in the same transaction, which the one job runner takes
 * (src/webhooks/worker.ts); every attempt's outcome is kept on the delivery.
 */
import { isoTime } from '../clock.js';
import { withAggregates } from '../db/aggregates.js';
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { enqueueJobs, type NewJob, reviveJob } from '../jobs/job.repository.js';
import type { WebhookDeliveryTable } from './webhook.table.js';

export const DELIVERY_JOB_KIND = 'webhook.delivery';

export interface DeliveryJob {
  deliveryId: string;
}

function deliveryJob(
  delivery: { id: string; next_attempt_at: string | null },
  now: number,
): NewJob & { dedupeKey: string } {
  return {
    kind: DELIVERY_JOB_KIND,
    dedupeKey: delivery.id,
    payload: { deliveryId: delivery.id } satisfies DeliveryJob,
    dueAt: delivery.next_attempt_at === null ? now : Date.parse(delivery.next_attempt_at),
    now,
  };
}

/** Queues the jobs of new pending deliveries, in the transaction that adds them. */
export async function queueDeliveryJobs(
  trx: Db | Trx,
  deliveries: ReadonlyArray<{ id: string; next_attempt_at: string | null }>,
  now: number,
): Promise<void> {
  await enqueueJobs(
    trx,
    deliveries.map((delivery) => deliveryJob(delivery, now)),
  );
}

/**
 * An endpoint turned on again: its deliveries that waited while it was off are due now (their
 * jobs finished when they found it off).
 */
export async function resumeDeliveries(trx: Db | Trx, endpointId: string, now: number): Promise<void> {
  const waiting = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
  for (const { id } of waiting) await reviveJob(trx, deliveryJob({ id, next_attempt_at: null }, now));
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
  trx: Trx,
  delivery: WebhookDeliveryTable,
  attempt: AttemptRecord,
  now: number,
): Promise<void> {
  await trx
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

/**
 * A delivery still waiting for its next attempt, made due now (Resend of one that is retrying), in
 * the unit of work of the resend (src/integrations/integration-webhooks.ts).
 */
export async function dueNow(trx: Trx, deliveryId: string, now: number): Promise<void> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: isoTime(now), updated_at: isoTime(now) })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1)
    await reviveJob(trx, deliveryJob({ id: deliveryId, next_attempt_at: null }, now));
}

/**
 * A new delivery of the event to the endpoint (Resend): same webhook-id, a fresh set of attempts,
 * in the unit of work of the resend.
 */
export async function queueAgain(trx: Trx, endpointId: string, changeId: string, now: number): Promise<void> {
  const at = isoTime(now);
  const id = newId(now);
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id,
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
  await queueDeliveryJobs(trx, [{ id, next_attempt_at: at }], now);
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
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .execute();
  // An aggregate without a group by gives one row, whatever it finds.
  const [row] = withAggregates(rows, 'pending');
  const oldest = row?.oldest ? Date.parse(String(row.oldest)) : now;
  return { pending: row?.pending ?? 0, oldestPendingSeconds: Math.max(0, (now - oldest) / 1000) };
}
