/**
 * The outbox (SPEC §8): every committed create, update or delete of venue data has exactly one
 * change row, because it is written in the same transaction as the write; a write that rolls back
 * takes its change with it. Webhook deliveries of the change are created in that transaction too,
 * and the job of the automations that answer it (SPEC §18).
 */
import type { Resource, ResourceIdentifier } from '../api/jsonapi.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { monotonicId } from '../db/ids.js';
import { listenForAutomations } from '../crm/automations/automation-listening.js';
import { queueDeliveries } from '../webhooks/fan-out.js';
import { insertChange } from './change.repository.js';

export interface Change {
  organizationId: string;
  type: string;
  /** The resource after the change (its links relative), or `{type, id}` after a delete. */
  object: Resource | ResourceIdentifier;
  /** The changed attributes' old values (updates only). */
  previousAttributes?: Record<string, unknown>;
  now: number;
}

export function changeId(now: number): string {
  return `chg_${monotonicId(now)}`;
}

export async function recordChange(trx: Trx, change: Change): Promise<void> {
  const id = changeId(change.now);
  const data = {
    object: change.object,
    ...(change.previousAttributes ? { previous_attributes: change.previousAttributes } : {}),
  };
  const createdAt = isoTime(change.now);
  await insertChange(trx, {
    id,
    organization_id: change.organizationId,
    type: change.type,
    data: JSON.stringify(data),
    created_at: createdAt,
    updated_at: createdAt,
  });
  await queueDeliveries(trx, { id, organizationId: change.organizationId, type: change.type, createdAt });
  await listenForAutomations(trx, {
    id,
    organizationId: change.organizationId,
    type: change.type,
    object: change.object,
    previousAttributes: change.previousAttributes,
    now: change.now,
  });
}
