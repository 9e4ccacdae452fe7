/**
 * The pipeline board heads each column with its open bookings' count and value per currency
 * (SPEC §15, src/crm/pipelines/pipeline.reads.ts `stageTotals`), over every booking at the stage,
 * not only the cards it shows. This index answers that from the index alone: by stage, then
 * status (so the closed and lost bookings a "Won" stage gathers over the years are skipped), with
 * the figures a booking's value is read from. Its leading column serves what the stage index did
 * (the bookings at a stage), so it takes that index's place.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_stage_totals_idx')
    .on('bookings')
    .columns(['stage_id', 'status', 'currency', 'line_count', 'grand_total', 'total_amount'])
    .execute();
  await db.schema.dropIndex('bookings_stage_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bookings_stage_idx').on('bookings').columns(['stage_id']).execute();
  await db.schema.dropIndex('bookings_stage_totals_idx').execute();
}
