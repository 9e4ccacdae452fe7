/**
 * Webhook endpoints' rows: an integration's own, within one organization. Each write says so to
 * the fan-out's per-transaction read (active-endpoints.ts).
 */
import type { Db, Trx } from '../db/database.js';
import { endpointsWritten } from './active-endpoints.js';
import type { WebhookEndpointTable } from './webhook.table.js';
import { countOf } from '../db/aggregates.js';

export interface EndpointOwner {
  integrationId: string;
  organizationId: string;
}

export async function insertEndpoint(trx: Trx, row: WebhookEndpointTable): Promise<void> {
  await trx.insertInto('webhook_endpoints').values(row).execute();
  endpointsWritten(trx);
}

export async function findEndpoint(
  db: Db | Trx,
  owner: EndpointOwner,
  id: string,
): Promise<WebhookEndpointTable | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('integration_id', '=', owner.integrationId)
    .where('organization_id', '=', owner.organizationId)
    .executeTakeFirst();
}

export async function listEndpoints(db: Db, owner: EndpointOwner): Promise<WebhookEndpointTable[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('integration_id', '=', owner.integrationId)
    .where('organization_id', '=', owner.organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(100)
    .execute();
}

export async function countEndpoints(db: Db | Trx, owner: EndpointOwner): Promise<number> {
  return countOf(
    db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('integration_id', '=', owner.integrationId)
      .where('organization_id', '=', owner.organizationId),
  );
}

/** Every endpoint of an integration, in all organizations (its settings page). */
export async function listEndpointsOfIntegration(
  db: Db,
  integrationId: string,
): Promise<WebhookEndpointTable[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateEndpointRow(
  trx: Trx,
  id: string,
  changes: Partial<Omit<WebhookEndpointTable, 'id' | 'integration_id' | 'organization_id' | 'created_at'>>,
): Promise<void> {
  await trx.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  endpointsWritten(trx);
}

export async function deleteEndpointRow(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  endpointsWritten(trx);
}
