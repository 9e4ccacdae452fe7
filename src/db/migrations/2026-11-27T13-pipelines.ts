/**
 * Pipelines, stages and referral sources (SPEC §15, as Event Temple has them). Every organization
 * gets the default pipeline "Sales" with its stages, and each existing booking is placed in it by
 * its status: a lead at the first stage, a tentative booking at "Proposal sent", a definite or
 * closed one at "Won"; a lost booking is in no stage. Bookings gain `stage_id` and
 * `referral_source_id` (no foreign keys: the write rules hold them to the organization's records,
 * and SQLite cannot drop a column that carries one).
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';
import { monotonicId } from '../ids.js';
import { addOrganizationScope } from './change-notify-triggers.js';

/** The default pipeline's stages as this migration made them (src/crm/pipelines/default-pipeline.ts makes new ones). */
const STAGES = ['New inquiry', 'Site visit', 'Proposal sent', 'Negotiating', 'Won'] as const;
/** Where a booking of each status goes. */
const PLACES: ReadonlyArray<[(typeof STAGES)[number], readonly string[]]> = [
  ['New inquiry', ['lead']],
  ['Proposal sent', ['tentative']],
  ['Won', ['definite', 'closed']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const organization = (c: import('kysely').ColumnDefinitionBuilder) =>
    c.notNull().references('organizations.id').onDelete('cascade');
  await db.schema
    .createTable('pipelines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('pipeline_id', 'text', (c) => c.notNull().references('pipelines.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('referral_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', organization)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // Pages by each sortable column read each row's version from the index alone (2026-11-23T21).
  for (const [table, columns] of [
    ['pipelines', ['position', 'name', 'created_at', 'updated_at']],
    ['stages', ['position', 'name', 'created_at', 'updated_at']],
    ['referral_sources', ['name', 'created_at', 'updated_at']],
  ] as const) {
    for (const column of columns) {
      await db.schema
        .createIndex(`${table}_org_${column}_idx`)
        .on(table)
        .columns(['organization_id', column, 'id', 'updated_at'])
        .execute();
    }
  }
  await db.schema
    .createIndex('stages_pipeline_idx')
    .on('stages')
    .columns(['pipeline_id', 'position'])
    .execute();
  await db.schema.alterTable('bookings').addColumn('stage_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('referral_source_id', 'text').execute();
  await db.schema.createIndex('bookings_stage_idx').on('bookings').columns(['stage_id']).execute();
  await db.schema
    .createIndex('bookings_referral_source_idx')
    .on('bookings')
    .columns(['referral_source_id'])
    .execute();

  const organizations = await sql<{ id: string }>`select id from organizations order by id`.execute(db);
  const now = new Date().toISOString();
  for (const { id: organizationId } of organizations.rows) {
    const pipelineId = monotonicId();
    await sql`insert into pipelines (id, organization_id, name, position, created_at, updated_at)
      values (${pipelineId}, ${organizationId}, 'Sales', 1, ${now}, ${now})`.execute(db);
    const stageIds = new Map<string, string>();
    for (const [index, name] of STAGES.entries()) {
      const stageId = monotonicId();
      stageIds.set(name, stageId);
      await sql`insert into stages (id, organization_id, pipeline_id, name, position, created_at, updated_at)
        values (${stageId}, ${organizationId}, ${pipelineId}, ${name}, ${index + 1}, ${now}, ${now})`.execute(
        db,
      );
    }
    for (const [stage, statuses] of PLACES) {
      await sql`update bookings set stage_id = ${stageIds.get(stage)!}
        where organization_id = ${organizationId} and status in (${sql.join(statuses)})`.execute(db);
    }
  }

  for (const table of ['pipelines', 'stages', 'referral_sources']) await addOrganizationScope(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_referral_source_idx').execute();
  await db.schema.dropIndex('bookings_stage_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('referral_source_id').execute();
  await db.schema.alterTable('bookings').dropColumn('stage_id').execute();
  await db.schema.dropTable('referral_sources').execute();
  await db.schema.dropTable('stages').execute();
  await db.schema.dropTable('pipelines').execute();
}
