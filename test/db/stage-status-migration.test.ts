/**
 * Migration 2026-11-29T04 gives stages the status they stand for (SPEC §15): every "Won" stage of
 * a pipeline "Sales" stands for definite, a "Lost" stage there for lost, and nothing else stands
 * for anything — a venue's own pipelines, and its stages of other names, are left to its admins.
 * Organizations made afterwards start with "Won" standing for definite. On both databases.
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
  it('makes Won of the default pipeline stand for definite, and a Lost stage there for lost', async () => {
    const migrator = new Migrator({ db: suite.db, provider: { getMigrations: allMigrations } });
    const down = await migrator.migrateTo('2026-11-28T04-outgoing-mail');
    assert.equal(down.error, undefined, String(down.error));
    const db = suite.db as never as Kysely<Record<string, Record<string, unknown>>>;
    const at = isoTime(Date.parse('2030-03-01T00:00:00.000Z'));
    const org = { id: newId(), name: 'Old venue' };
    await db
      .insertInto('organizations')
      .values({ ...org, created_at: at, updated_at: at })
      .execute();
    const pipeline = async (name: string, stages: string[]) => {
      const id = newId();
      await db
        .insertInto('pipelines')
        .values({ id, organization_id: org.id, name, position: 1, created_at: at, updated_at: at })
        .execute();
      const ids = stages.map(() => newId());
      await db
        .insertInto('stages')
        .values(
          stages.map((stage, i) => ({
            id: ids[i],
            organization_id: org.id,
            pipeline_id: id,
            name: stage,
            position: i + 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      return ids;
    };
    const sales = await pipeline('Sales', ['New inquiry', 'Proposal sent', 'Won', 'Lost']);
    const corporate = await pipeline('Corporate', ['Enquiry', 'Won']);

    const up = await migrator.migrateToLatest();
    assert.equal(up.error, undefined, String(up.error));
    const statusOf = async (ids: string[]) => {
      const rows = await suite.db
        .selectFrom('stages')
        .select(['id', 'status', 'updated_at'])
        .where('id', 'in', ids)
        .execute();
      return ids.map((id) => rows.find((r) => r.id === id)!.status);
    };
    assert.deepEqual(await statusOf(sales), [null, null, 'definite', 'lost']);
    assert.deepEqual(
      await statusOf(corporate),
      [null, null],
      'a pipeline of the venue’s own stands for nothing',
    );

    const fresh = await makeOrganization(suite.db);
    const theirs = await suite.db
      .selectFrom('stages')
      .select(['name', 'status'])
      .where('organization_id', '=', fresh.id)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      theirs.map((s) => [s.name, s.status]),
      [
        ['New inquiry', null],
        ['Site visit', null],
        ['Proposal sent', null],
        ['Negotiating', null],
        ['Won', 'definite'],
      ],
    );
  });
});
