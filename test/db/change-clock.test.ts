/** The change clock: it moves on after every commit, here or through another connection. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { eachDatabase } from '../helpers/databases.js';
import { clockPassed, openSecondConnection, readingOf } from '../helpers/second-connection.js';
import { TestClock } from '../helpers/test-clock.js';

eachDatabase((suite) => {
  let other: DatabaseHandle;
  before(() => {
    other = openSecondConnection(suite.database);
  });
  after(() => other.close());

  const insertOrganization = (handle: DatabaseHandle) =>
    handle.db
      .insertInto('organizations')
      .values({
        id: newId(),
        name: 'Clock venue',
        created_at: isoTime(Date.now()),
        updated_at: isoTime(Date.now()),
      })
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

  it('on PostgreSQL, has every table of the product send change notifications', async (t) => {
    if (suite.database.dialect !== 'postgres') return t.skip('SQLite needs no triggers: data_version tells');
    const tables = await sql<{ table_name: string; notifies: boolean }>`
      select c.relname as table_name,
             exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_notify_change') as notifies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema() and c.relname not like 'kysely_%'`.execute(
      suite.db,
    );
    assert.ok(tables.rows.length >= 14, 'the product tables are there');
    assert.deepEqual(
      tables.rows.filter((r) => !r.notifies).map((r) => r.table_name),
      [],
      'a table without the trigger would let other processes serve stale caches',
    );
  });

  it('on PostgreSQL, reads nothing while its listening connection is lost, then listens again', async (t) => {
    if (suite.database.dialect !== 'postgres') return t.skip('SQLite has no listening connection');
    // A connection of its own, whose reconnect delay passes on a clock the test moves.
    const time = new TestClock();
    const own = openSecondConnection(suite.database, time);
    t.after(() => own.close());
    const clock = own.changes;
    const reading = await readingOf(clock);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen marquee_changes'`.execute(other.db);
    const deadline = Date.now() + 5000;
    while (clock.read() !== undefined && Date.now() < deadline) await sleep(5);
    assert.equal(clock.read(), undefined, 'caching stops while changes cannot be followed');
    assert.equal(clock.read(), undefined, 'no new attempt before the reconnect delay is over');
    // After the delay it listens again and counts the time it was deaf as a change.
    time.advance(1000);
    const again = await readingOf(clock, 10_000);
    assert.ok(again > reading);
    await insertOrganization(other);
    await clockPassed(clock, again);
  });
});
