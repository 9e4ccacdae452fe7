/**
 * An integration's webhook endpoints in its own organization and their recent deliveries, as its
 * settings page shows them (SPEC §8), and *Resend*: a new delivery of the same event (same
 * `webhook-id`, so receivers dedupe) with a fresh set of attempts, handed to this process's worker
 * at once (other processes find it on their next look).
 */
import type { Db } from '../db/database.js';
import { dueNow, queueAgain, recentDeliveries } from '../webhooks/delivery.repository.js';
import { listEndpoints } from '../webhooks/endpoint.repository.js';
import type { Integration, OwnedIntegration } from './integration.repository.js';

export interface DeliveryView {
  id: string;
  changeId: string;
  changeType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  deliveries: DeliveryView[];
}

const RECENT_DELIVERIES = 10;

export async function integrationWebhooks(db: Db, integration: OwnedIntegration): Promise<EndpointView[]> {
  const endpoints = await listEndpoints(db, {
    integrationId: integration.id,
    organizationId: integration.organizationId,
  });
  return Promise.all(
    endpoints.map(async (e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: JSON.parse(e.events) as string[],
      disabledAt: e.disabled_at,
      disabledReason: e.disabled_reason,
      createdAt: e.created_at,
      deliveries: (await recentDeliveries(db, e.id, RECENT_DELIVERIES)).map((d) => ({
        id: d.id,
        changeId: d.change_id,
        changeType: d.change_type,
        status: d.status,
        attempts: d.attempts,
        lastStatusCode: d.last_status_code,
        lastDurationMs: d.last_duration_ms,
        lastError: d.last_error,
        lastAttemptAt: d.last_attempt_at,
        nextAttemptAt: d.next_attempt_at,
        createdAt: d.created_at,
      })),
    })),
  );
}

/**
 * Queues the delivery's event again for its endpoint: a delivery still waiting for its retry is
 * made due now (not doubled), a finished one gets a new delivery. `false` when the delivery is not
 * one of the integration's endpoints in its organization (nothing is revealed about others).
 */
export async function resendDelivery(
  db: Db,
  integration: Integration,
  deliveryId: string,
  now: number,
): Promise<boolean> {
  const delivery = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.endpoint_id', 'd.change_id', 'd.status'])
    .where('d.id', '=', deliveryId)
    .where('e.integration_id', '=', integration.id)
    .where('e.organization_id', '=', integration.organizationId)
    .executeTakeFirst();
  if (!delivery) return false;
  if (delivery.status === 'pending') await dueNow(db, deliveryId, now);
  else await queueAgain(db, delivery.endpoint_id, delivery.change_id, now);
  return true;
}
