/**
 * Migration 2026-11-24T00 replaces the search index over every organization's rows with one kept
 * per organization: existing rows are indexed again on the way up, and the first index is rebuilt
 * on the way down, so an upgrade (or a step back) finds the rows it already had.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { allMigrations } from '../../src/db/migrate.js';
import { searchStatements } from '../../src/db/search-page.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow, makeOrganization } from '../helpers/factories.js';

async function insertBooking(
  db: Db,
  organizationId: string,
  name: string,
  reference: string,
): Promise<string> {
  const id = newId();
  const at = isoTime(Date.parse('2030-01-01T00:00:00.000Z'));
  await db
    .insertInto('bookings')
    .values(bookingRow(organizationId, at, { id, reference, name }))
    .execute();
  return id;
}

/** The rows the index names for a term (not the window: this asks the index alone). */
async function indexed(db: Db, organizationId: string, term: string): Promise<string[]> {
  const { indexed } = searchStatements(db, {
    table: 'bookings',
    organizationId,
    term,
    conditions: [],
    order: { columns: ['created_at', 'id'], descending: true },
    limit: 26,
  });
  const ids = (await indexed!.candidates(301).execute(db)).rows.map((r) => r.id);
  const { rows } = await indexed!.page(ids).execute(db);
  return rows.map((r) => String(r.id)).sort();
}

eachDatabase((suite) => {
  it('indexes the existing rows again on the way up, and rebuilds the first index on the way down', async () => {
    const migrator = new Migrator({ db: suite.db, provider: { getMigrations: allMigrations } });
    const org = await makeOrganization(suite.db);
    const gala = await insertBooking(suite.db, org.id, 'Winter Gala', 'BK-00001');

    // Down to the migration before the search one (those after it go first).
    const down = await migrator.migrateTo('2026-11-23T21-covering-page-indexes');
    assert.equal(down.error, undefined, String(down.error));
    assert.deepEqual(
      down.results?.map((r) => r.migrationName).at(-1),
      '2026-11-24T00-search-by-organization',
    );
    // Rows written under the first index.
    const summit = await insertBooking(suite.db, org.id, 'Summit dinner', 'BK-00002');
    if (suite.database.dialect === 'sqlite') {
      const { rows } = await sql<{
        id: string;
      }>`select id from bookings_search where text match '"gala"'`.execute(suite.db);
      assert.deepEqual(
        rows.map((r) => r.id),
        [gala],
        'the first index is back, with the rows there were',
      );
    }

    const up = await migrator.migrateToLatest();
    assert.equal(up.error, undefined, String(up.error));
    assert.deepEqual(await indexed(suite.db, org.id, 'winter gala'), [gala]);
    assert.deepEqual(await indexed(suite.db, org.id, 'SUMMIT'), [summit]);
    assert.deepEqual(await indexed(suite.db, org.id, 'bk-0000'), [gala, summit].sort());
    // Rows written after the upgrade are indexed as they are written.
    const launch = await insertBooking(suite.db, org.id, 'Rocket launch', 'BK-00003');
    assert.deepEqual(await indexed(suite.db, org.id, 'rocket'), [launch]);
  });
});
