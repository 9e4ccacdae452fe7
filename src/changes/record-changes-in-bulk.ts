/**
 * The changes of records created together (an import, SPEC §8): one `*.created` change per record,
 * written in the creating transaction like every other write's, with the pending webhook
 * deliveries of the organization's endpoints that subscribe to it, so integrations hear of
 * imported records as of any others. They are written in chunks rather than one statement per
 * record (record-change.ts does the same for a single change).
 */
import { type OrganizationTable, readContextOf, type RecordKind, type RowOf } from '../crm/data/rows.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { pendingDelivery, subscribedEndpoints } from '../webhooks/fan-out.js';
import { queueDeliveryJobs } from '../webhooks/delivery.repository.js';
import { changeId } from './record-change.js';

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
