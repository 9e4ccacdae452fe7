/**
 * An integration's webhook endpoints in its own organization and their recent deliveries, as its
 * settings page shows them (SPEC §8), and *Resend*: a new delivery of the same event (same
 * `webhook-id`, so receivers dedupe) with a fresh set of attempts, its job queued in the same unit
 * of work.
 */
import type { Db } from '../db/database.js';
import { dueNow, queueAgain, recentDeliveries } from '../webhooks/delivery.repository.js';
import { eventsOf } from '../webhooks/endpoint.codec.js';
import { listEndpoints } from '../webhooks/endpoint.repository.js';
import type { OwnedIntegration } from './integration.repository.js';
import type { Command } from '../writes/command.js';
import { refuse, type Refusal } from '../writes/refusal.js';
import { INTEGRATION_ACTIONS } from './integration.policy.js';

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
      events: eventsOf(e),
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
 * Resend: queues the delivery's event again for its endpoint, a change the integration's admins
 * make (`integrations.update`) through the unit of work. A delivery still waiting for its retry is
 * made due now (not doubled), a finished one gets a new delivery. A delivery that is not one of the
 * integration's endpoints in the acting organization is refused as not found (nothing is revealed
 * about others).
 */
export const resendDelivery: Command<{ integrationId: string; deliveryId: string }, undefined | Refusal> = {
  action: INTEGRATION_ACTIONS.update,
  async run({ trx, actor, now }, { integrationId, deliveryId }) {
    if (typeof integrationId !== 'string' || typeof deliveryId !== 'string') return NO_SUCH_DELIVERY;
    const delivery = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.endpoint_id', 'd.change_id', 'd.status'])
      .where('d.id', '=', deliveryId)
      .where('e.integration_id', '=', integrationId)
      .where('e.organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!delivery) return NO_SUCH_DELIVERY;
    if (delivery.status === 'pending') await dueNow(trx, deliveryId, now);
    else await queueAgain(trx, delivery.endpoint_id, delivery.change_id, now);
    return undefined;
  },
};

const NO_SUCH_DELIVERY = refuse({
  status: 404,
  code: 'not_found',
  detail: 'There is no such webhook delivery.',
});
