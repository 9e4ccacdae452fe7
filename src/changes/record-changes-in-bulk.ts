/**
 * The changes of records created together (an import, SPEC §8): one `*.created` change per record,
 * written in the creating transaction like every other write's, with the pending webhook
 * deliveries of the organization's endpoints that subscribe to it, so integrations hear of
 * imported records as of any others. They are written in chunks rather than one statement per
 * record (record-change.ts does the same for a single change). So are the changes of many records
 * told together (recordChangesInBulk).
 */
import { type OrganizationTable, readContextOf, type RecordKind, type RowOf } from '../crm/data/rows.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { pendingDelivery, subscribedEndpoints } from '../webhooks/fan-out.js';
import { queueDeliveryJobs } from '../webhooks/delivery.repository.js';
import { sql } from 'kysely';
import { listenForAutomations } from '../crm/automations/automation-listening.js';
import { isSqlite } from '../db/column-types.js';
import type { ChangeTable } from './change.table.js';
import { type Change, changeId } from './record-change.js';

export async function recordCreatedInBulk<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  organizationId: string,
  rows: ReadonlyArray<RowOf<Table>>,
  now: number,
  onProgress: (done: number) => void = () => {},
): Promise<void> {
  const type = `${definition.singular}.created`;
  const createdAt = isoTime(now);
  const endpoints = await subscribedEndpoints(trx, organizationId, type);
  const context = await readContextOf(trx, definition, organizationId);
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    const changes = rows.slice(i, i + chunk).map((row) => ({
      id: changeId(now),
      organization_id: organizationId,
      type,
      data: JSON.stringify({ object: definition.toResource(row, '', context) }),
      created_at: createdAt,
      updated_at: createdAt,
    }));
    await insertInChunks(trx, 'changes', changes, 250);
    const deliveries = changes.flatMap((change) =>
      endpoints.map((endpointId) => pendingDelivery(endpointId, { id: change.id, createdAt })),
    );
    await insertInChunks(trx, 'webhook_deliveries', deliveries, 200);
    await queueDeliveryJobs(trx, deliveries, now);
    onProgress(Math.min(i + chunk, rows.length));
  }
}

/** A change told with others of its type: the resource after it and the old values it changed. */
export interface ChangeInBulk {
  object: Change['object'];
  previousAttributes?: Record<string, unknown>;
}

/** The outbox rows of `changes`, serialized (and their ids taken, in order) before any statement runs. */
export function changeRows(
  organizationId: string,
  type: string,
  changes: readonly ChangeInBulk[],
  now: number,
): ChangeTable[] {
  const createdAt = isoTime(now);
  return changes.map((change) => ({
    id: changeId(now),
    organization_id: organizationId,
    type,
    data: JSON.stringify({
      object: change.object,
      ...(change.previousAttributes ? { previous_attributes: change.previousAttributes } : {}),
    }),
    created_at: createdAt,
    updated_at: createdAt,
  }));
}

/**
 * Changes of one type told together (a change of a custom field's type rewriting thousands of
 * records, SPEC §19), each as recordChange tells one: its outbox row, in one statement whatever
 * their number (of one text, prepared once on SQLite); the pending deliveries of the endpoints that
 * subscribe; and the automations' answer where one listens (a custom value's change is no occasion).
 */
export async function recordChangesInBulk(
  trx: Trx,
  rows: readonly ChangeTable[],
  changes: readonly ChangeInBulk[],
  now: number,
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const { organization_id: organizationId, type, created_at: createdAt } = first;
  if (isSqlite(trx)) {
    await sql`insert into changes (id, organization_id, type, data, created_at, updated_at)
      select value ->> '$[0]', ${organizationId}, ${type}, value ->> '$[1]', ${createdAt}, ${createdAt}
      from json_each(${JSON.stringify(rows.map((row) => [row.id, row.data]))})`.execute(trx);
  } else {
    await sql`insert into changes (id, organization_id, type, data, created_at, updated_at)
      select v.id, ${organizationId}, ${type}, v.data, ${createdAt}::timestamptz, ${createdAt}::timestamptz
      from unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => row.data)}::text[]) as v(id, data)`.execute(
      trx,
    );
  }
  const endpoints = await subscribedEndpoints(trx, organizationId, type);
  const deliveries = rows.flatMap((row) =>
    endpoints.map((endpointId) => pendingDelivery(endpointId, { id: row.id, createdAt })),
  );
  await insertInChunks(trx, 'webhook_deliveries', deliveries, 200);
  await queueDeliveryJobs(trx, deliveries, now);
  for (const [n, change] of changes.entries()) {
    await listenForAutomations(trx, { ...change, id: rows[n]!.id, organizationId, type, now });
  }
}
