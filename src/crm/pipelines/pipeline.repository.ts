/** What the pipeline rules read: names in use, the next position, and the bookings that use a record. */
import type { Db, Trx } from '../../db/database.js';
import { aggregateOf, countOf } from '../../db/aggregates.js';

/** Whether another pipeline or referral source of the organization has the name. */
export async function nameTaken(
  db: Db | Trx,
  table: 'pipelines' | 'referral_sources',
  organizationId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  // A name holding a NUL is refused by the rules; no record has one.
  if (name === '' || name.includes('\u0000')) return false;
  let query = db
    .selectFrom(table)
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name);
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether another stage of the pipeline has the name. */
export async function stageNameTaken(
  db: Db | Trx,
  pipelineId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  if (name === '' || name.includes('\u0000')) return false;
  let query = db
    .selectFrom('stages')
    .select('id')
    .where('pipeline_id', '=', pipelineId)
    .where('name', '=', name);
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** One past the highest position among the organization's pipelines, or a pipeline's stages. */
export async function nextPosition(
  db: Db | Trx,
  organizationId: string,
  pipelineId?: string,
): Promise<number> {
  const row = pipelineId
    ? await db
        .selectFrom('stages')
        .select((eb) => eb.fn.max('position').as('top'))
        .where('pipeline_id', '=', pipelineId)
        .executeTakeFirst()
    : await db
        .selectFrom('pipelines')
        .select((eb) => eb.fn.max('position').as('top'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
  // None yet (no row, or a max of none: null) is a top of 0.
  return (aggregateOf(row?.top) ?? 0) + 1;
}

export async function countStages(db: Db | Trx, pipelineId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('stages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pipeline_id', '=', pipelineId),
  );
}

export async function countPipelines(db: Db | Trx, organizationId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('pipelines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId),
  );
}

/** How many bookings are in one of the stages, or came from the referral source. */
export async function countBookingsUsing(
  db: Db | Trx,
  column: 'stage_id' | 'referral_source_id',
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  return countOf(
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, 'in', ids),
  );
}
