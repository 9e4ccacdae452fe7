/**
 * Queuing an event for the organization's webhook endpoints that subscribe to its type: one
 * pending delivery per endpoint, in the event's own transaction, so a committed event is never
 * without its deliveries and a rolled-back one never has any. The endpoints are read once per
 * transaction (active-endpoints.ts), not once per event. Each delivery's job is queued with it
 * (src/webhooks/delivery.repository.ts): the job runner of this process wakes at once; other
 * processes find the jobs on their next look.
 */
import type { Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { activeEndpointsOf } from './active-endpoints.js';
import { queueDeliveryJobs } from './delivery.repository.js';

export interface QueuedEvent {
  id: string;
  organizationId: string;
  type: string;
  createdAt: string;
}

export function subscribes(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}

/** The ids of the organization's active endpoints that subscribe to events of `type`. */
export async function subscribedEndpoints(trx: Trx, organizationId: string, type: string): Promise<string[]> {
  const endpoints = await activeEndpointsOf(trx, organizationId);
  return endpoints.filter((e) => subscribes(e.events, type)).map((e) => e.id);
}

/** A pending delivery of an event to an endpoint, due at once. */
export function pendingDelivery(endpointId: string, event: { id: string; createdAt: string }) {
  return {
    id: newId(Date.parse(event.createdAt)),
    endpoint_id: endpointId,
    change_id: event.id,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: event.createdAt,
    lease_expires_at: null,
    last_attempt_at: null,
    last_status_code: null,
    last_duration_ms: null,
    last_error: null,
    created_at: event.createdAt,
    updated_at: event.createdAt,
  };
}

export async function queueDeliveries(trx: Trx, event: QueuedEvent): Promise<number> {
  const endpoints = await subscribedEndpoints(trx, event.organizationId, event.type);
  if (endpoints.length === 0) return 0;
  const deliveries = endpoints.map((endpointId) => pendingDelivery(endpointId, event));
  await trx.insertInto('webhook_deliveries').values(deliveries).execute();
  await queueDeliveryJobs(trx, deliveries, Date.parse(event.createdAt));
  return endpoints.length;
}
