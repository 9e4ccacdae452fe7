/**
 * Migration 2026-11-27T13 gives every organization of the previous release the pipeline "Sales"
 * with its stages, and places each booking by its status: a lead at the first stage, a tentative
 * booking at "Proposal sent", a definite or closed one at "Won", a lost one in no stage. On both
 * databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Kysely, Migrator } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { allMigrations } from '../../src/db/migrate.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';

eachDatabase((suite) => {
  it('places every existing booking in the default pipeline by its status', async () => {
    const migrator = new Migrator({ db: suite.db, provider: { getMigrations: allMigrations } });
    // Down to the release before pipelines (the migrations after it go first).
    const down = await migrator.migrateTo('2026-11-27T12-space-area-archive');
    assert.equal(down.error, undefined, String(down.error));
    const db = suite.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const at = isoTime(Date.parse('2030-03-01T00:00:00.000Z'));
    // An organization as the previous release made it: no pipeline.
    const org = { id: newId(), name: 'Old venue' };
    await db
      .insertInto('organizations')
      .values({ ...org, created_at: at, updated_at: at })
      .execute();
    const statuses = ['lead', 'tentative', 'definite', 'closed', 'lost'];
    const rows = statuses.map((status, i) => ({
      id: newId(Date.parse(at) + i),
      organization_id: org.id,
      reference: `BK-0000${i + 1}`,
      name: `Booking ${status}`,
      status,
      start_at: `2030-04-0${i + 1}T18:00:00.000Z`,
      end_at: `2030-04-0${i + 1}T22:00:00.000Z`,
      timezone: 'Europe/Paris',
      guest_count: null,
      event_type: null,
      space_ids: '[]',
      currency: 'EUR',
      total_amount: 0,
      lost_reason: status === 'lost' ? 'Budget' : null,
      account_id: null,
      contact_id: null,
      owner_id: null,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('bookings').values(rows).execute();

    const up = await migrator.migrateToLatest();
    assert.equal(up.error, undefined, String(up.error));
    const pipelines = await suite.db
      .selectFrom('pipelines')
      .select(['id', 'name', 'position'])
      .where('organization_id', '=', org.id)
      .execute();
    assert.deepEqual(
      pipelines.map((p) => [p.name, Number(p.position)]),
      [['Sales', 1]],
    );
    const stages = await suite.db
      .selectFrom('stages')
      .select(['id', 'name', 'pipeline_id'])
      .where('organization_id', '=', org.id)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      stages.map((s) => s.name),
      ['New inquiry', 'Site visit', 'Proposal sent', 'Negotiating', 'Won'],
    );
    assert.ok(stages.every((s) => s.pipeline_id === pipelines[0]!.id));
    const stageName = new Map(stages.map((s) => [s.id, s.name]));
    const placed = await suite.db
      .selectFrom('bookings')
      .select(['status', 'stage_id', 'referral_source_id', 'updated_at'])
      .where('organization_id', '=', org.id)
      .orderBy('start_at')
      .execute();
    assert.deepEqual(
      placed.map((b) => [
        b.status,
        b.stage_id === null ? null : stageName.get(b.stage_id),
        b.referral_source_id,
      ]),
      [
        ['lead', 'New inquiry', null],
        ['tentative', 'Proposal sent', null],
        ['definite', 'Won', null],
        ['closed', 'Won', null],
        ['lost', null, null],
      ],
    );
    assert.ok(
      placed.every((b) => b.updated_at === at),
      'placing them is no change a sync must fetch again',
    );
    // Organizations made after the migration get the pipeline too.
    const fresh = await makeOrganization(suite.db);
    const theirs = await suite.db
      .selectFrom('stages')
      .select('name')
      .where('organization_id', '=', fresh.id)
      .orderBy('position')
      .execute();
    assert.equal(theirs.length, 5);
  });
});
