/**
 * The pipeline every organization starts with (SPEC §15): "Sales", from the first inquiry to the
 * booking won. Made with the organization, in its transaction, so no organization is ever
 * without a stage for its new bookings. "Won" stands for `definite`: a booking moved there is
 * confirmed, and a booking confirmed goes there.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { monotonicId } from '../../db/ids.js';
import type { StageStatus } from './pipeline.table.js';

export const DEFAULT_PIPELINE = 'Sales';
export const DEFAULT_STAGES = ['New inquiry', 'Site visit', 'Proposal sent', 'Negotiating', 'Won'] as const;
/** The statuses the default stages stand for. */
const STANDS_FOR: Partial<Record<(typeof DEFAULT_STAGES)[number], StageStatus>> = { Won: 'definite' };

/** Inserts the default pipeline and its stages; returns the stages' ids by name. */
export async function insertDefaultPipeline(
  db: Db | Trx,
  organizationId: string,
  now: number,
): Promise<Map<string, string>> {
  const at = isoTime(now);
  const pipelineId = monotonicId(now);
  await db
    .insertInto('pipelines')
    .values({
      id: pipelineId,
      organization_id: organizationId,
      name: DEFAULT_PIPELINE,
      position: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const stages = DEFAULT_STAGES.map((name, index) => ({
    id: monotonicId(now),
    organization_id: organizationId,
    pipeline_id: pipelineId,
    name,
    status: STANDS_FOR[name] ?? null,
    position: index + 1,
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto('stages').values(stages).execute();
  return new Map(stages.map((s) => [s.name, s.id]));
}
