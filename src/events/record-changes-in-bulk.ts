/**
 * The events of an import (SPEC §8): one `*.created` event per imported record, written in the
 * import's transaction like every other write's, with the pending webhook deliveries of the
 * organization's endpoints that subscribe to it, so integrations hear of imported records as of
 * any others. They are written in chunks rather than one statement per record (record-change.ts
 * and webhooks/fan-out.ts do the same for a single change).
 */
import type { OrganizationTable, ResourceDefinition, RowOf } from '../api/resource-definition.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { eventId } from '../events/record-change.js';
import { deliveryQueue, subscribes } from '../webhooks/fan-out.js';

async function subscribedEndpoints(trx: Trx, organizationId: string, type: string): Promise<string[]> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('organization_id', '=', organizationId)
    .where('disabled_at', 'is', null)
    .execute();
  return endpoints.filter((e) => subscribes(JSON.parse(e.events) as string[], type)).map((e) => e.id);
}

export async function recordCreatedInBulk<Table extends OrganizationTable>(
  trx: Trx,
  definition: ResourceDefinition<Table>,
  organizationId: string,
  rows: ReadonlyArray<RowOf<Table>>,
  now: number,
  onProgress: (done: number) => void = () => {},
): Promise<void> {
  const type = `${definition.singular}.created`;
  const createdAt = isoTime(now);
  const endpoints = await subscribedEndpoints(trx, organizationId, type);
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    const events = rows.slice(i, i + chunk).map((row) => ({
      id: eventId(now),
      organization_id: organizationId,
      type,
      data: JSON.stringify({ object: definition.toResource(row, '') }),
      created_at: createdAt,
      updated_at: createdAt,
    }));
    await insertInChunks(trx, 'events', events, 250);
    const deliveries = events.flatMap((event) =>
      endpoints.map((endpointId) => ({
        id: newId(now),
        endpoint_id: endpointId,
        event_id: event.id,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: createdAt,
        lease_expires_at: null,
        last_attempt_at: null,
        last_status_code: null,
        last_duration_ms: null,
        last_error: null,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    );
    await insertInChunks(trx, 'webhook_deliveries', deliveries, 200);
    onProgress(Math.min(i + chunk, rows.length));
  }
  if (endpoints.length > 0 && rows.length > 0) deliveryQueue.emit('queued');
}
