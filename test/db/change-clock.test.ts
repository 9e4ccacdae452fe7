/** The change clock: it moves on after every commit, here or through another connection. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { newId, nowIso } from '../../src/db/ids.js';
import { eachDatabase } from '../helpers/databases.js';
import { clockPassed, openSecondConnection, readingOf } from '../helpers/second-connection.js';

eachDatabase((suite) => {
  let other: DatabaseHandle;
  before(() => {
    other = openSecondConnection(suite.database);
  });
  after(() => other.close());

  const insertOrganization = (handle: DatabaseHandle) =>
    handle.db
      .insertInto('organizations')
      .values({ id: newId(), name: 'Clock venue', created_at: nowIso(), updated_at: nowIso() })
      .execute();

  it('stays put while only reads run', async () => {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await suite.db.selectFrom('organizations').selectAll().execute();
    await sql`select 1`.execute(suite.db);
    assert.equal(clock.read(), reading);
  });

  it('moves on at once after a write through this process', async () => {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await insertOrganization(suite.database.handle);
    assert.ok(clock.read()! > reading);
  });

  it('moves on at once after a transaction commits here', async () => {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await suite.db.transaction().execute(async (trx) => {
      await trx.selectFrom('organizations').select('id').execute();
      await trx
        .updateTable('organizations')
        .set({ name: 'Renamed' })
        .where('name', '=', 'Clock venue')
        .execute();
    });
    assert.ok(clock.read()! > reading);
  });

  it('moves on when another connection commits', async () => {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await insertOrganization(other);
    if (suite.database.dialect === 'sqlite') {
      // PRAGMA data_version tells at once.
      assert.ok(clock.read()! > reading);
    } else {
      await clockPassed(clock, reading);
    }
  });

  it('on PostgreSQL, reads nothing while its listening connection is lost, then listens again', async (t) => {
    if (suite.database.dialect !== 'postgres') return t.skip('SQLite has no listening connection');
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen marquee_changes'`.execute(other.db);
    const deadline = Date.now() + 5000;
    while (clock.read() !== undefined && Date.now() < deadline) await sleep(5);
    assert.equal(clock.read(), undefined, 'caching stops while changes cannot be followed');
    // It listens again (after a second) and counts the time it was deaf as a change.
    const again = await readingOf(clock, 10_000);
    assert.ok(again > reading);
    await insertOrganization(other);
    await clockPassed(clock, again);
  });
});
