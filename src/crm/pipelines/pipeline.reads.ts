/** What the pages read of pipelines: each with its stages in order, the referral sources, a board's bookings. */
import { withAggregates } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import type { RowOf } from '../data/rows.js';
import type { PipelineTable, ReferralSourceTable, StageTable } from './pipeline.table.js';

export interface PipelineWithStages {
  pipeline: PipelineTable;
  stages: StageTable[];
}

/** The organization's pipelines in order, each with its stages in order. */
export async function pipelinesWithStages(db: Db, organizationId: string): Promise<PipelineWithStages[]> {
  const [pipelines, stages] = await Promise.all([
    db
      .selectFrom('pipelines')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('stages')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return pipelines.map((pipeline) => ({
    pipeline,
    stages: stages.filter((s) => s.pipeline_id === pipeline.id),
  }));
}

export async function listReferralSources(db: Db, organizationId: string): Promise<ReferralSourceTable[]> {
  return db
    .selectFrom('referral_sources')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** An organization's stages or referral sources (a few rows): their names by id. */
export async function namesById(db: Db, table: 'stages' | 'referral_sources', organizationId: string) {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A stage as a form offers it: "Sales: Proposal sent" when there are several pipelines. */
export function stageChoices(
  pipelines: readonly PipelineWithStages[],
): Array<{ value: string; label: string }> {
  return pipelines.flatMap(({ pipeline, stages }) =>
    stages.map((s) => ({
      value: s.id,
      label: pipelines.length > 1 ? `${pipeline.name}: ${s.name}` : s.name,
    })),
  );
}

/** What a board column adds up: its open bookings, and their value in each currency. */
export interface StageTotals {
  count: number;
  /** Per currency, the sum of each booking's value (its grand total, or its estimate while it has no lines). */
  values: ReadonlyArray<{ currency: string; amount: bigint }>;
}

/**
 * A sum is taken in two parts, each far from the bounds of a 64-bit integer however many
 * bookings it adds, and joined exactly here: SQLite's sum() fails past 2^63, and a booking's typed
 * estimate may be any safe integer.
 */
const SPLIT = 2 ** 26;

/**
 * Each stage's open bookings counted, and their value summed per currency, all of them (the board
 * shows only the soonest): a booking's value is what it shows as its total (booking-prices.ts), the
 * grand total of its lines, or the typed `total_amount` estimate while it has none.
 */
export async function stageTotals(db: Db, stageIds: readonly string[]): Promise<Map<string, StageTotals>> {
  const totals = new Map<string, { count: number; values: Array<{ currency: string; amount: bigint }> }>();
  if (stageIds.length === 0) return totals;
  const rows = await db
    .selectFrom('bookings')
    .select((eb) => {
      const value = eb
        .case()
        .when('line_count', '>', 0)
        .then(eb.ref('grand_total'))
        .else(eb.ref('total_amount'))
        .end();
      // Integer division and remainder both round towards zero, on both databases.
      return [
        'stage_id',
        'currency',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number | string>(eb(value, '/', eb.lit(SPLIT))).as('high'),
        eb.fn.sum<number | string>(eb(value, '%', eb.lit(SPLIT))).as('low'),
      ];
    })
    // By stage alone, read from bookings_stage_totals_idx: the stages are the organization's (a
    // booking's stage is one of its organization's, by the rules), and the organization's own
    // indexes would send the database through every open booking of it, row by row.
    .where('stage_id', 'in', stageIds)
    .where('status', 'in', ['lead', 'tentative', 'definite'])
    .groupBy(['stage_id', 'currency'])
    .orderBy('stage_id')
    .orderBy('currency')
    .execute();
  for (const row of withAggregates(rows, 'count')) {
    const stage = totals.get(row.stage_id!) ?? { count: 0, values: [] };
    stage.count += row.count;
    const amount = BigInt(row.high) * BigInt(SPLIT) + BigInt(row.low);
    stage.values.push({ currency: row.currency, amount });
    totals.set(row.stage_id!, stage);
  }
  return totals;
}

/** The open bookings (lead, tentative, definite) at each stage, soonest first, at most `limit` a stage. */
export async function bookingsAtStages(
  db: Db,
  organizationId: string,
  stageIds: readonly string[],
  limit: number,
): Promise<Map<string, RowOf<'bookings'>[]>> {
  const columns = await Promise.all(
    stageIds.map((stageId) =>
      db
        .selectFrom('bookings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('stage_id', '=', stageId)
        .where('status', 'in', ['lead', 'tentative', 'definite'])
        .orderBy('start_at')
        .orderBy('id')
        .limit(limit + 1)
        .execute(),
    ),
  );
  return new Map(stageIds.map((id, i) => [id, columns[i]!]));
}

/** A booking's stage ("Sales › Proposal sent") and referral source by name, where it has them. */
export async function placeOf(
  db: Db,
  booking: Pick<RowOf<'bookings'>, 'organization_id' | 'stage_id' | 'referral_source_id'>,
): Promise<{ stage?: string; referralSource?: string }> {
  const [stage, source] = await Promise.all([
    booking.stage_id
      ? db
          .selectFrom('stages as s')
          .innerJoin('pipelines as p', 'p.id', 's.pipeline_id')
          .select(['s.name as stage', 'p.name as pipeline'])
          .where('s.id', '=', booking.stage_id)
          .where('s.organization_id', '=', booking.organization_id)
          .executeTakeFirst()
      : undefined,
    booking.referral_source_id
      ? db
          .selectFrom('referral_sources')
          .select('name')
          .where('id', '=', booking.referral_source_id)
          .where('organization_id', '=', booking.organization_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    ...(stage ? { stage: `${stage.pipeline} › ${stage.stage}` } : {}),
    ...(source ? { referralSource: source.name } : {}),
  };
}
