/**
 * The change clock: it moves on after every commit, here or through another connection, and
 * tells which organization (or everything) changed.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { isoTime } from '../../src/clock.js';
import { GLOBAL } from '../../src/db/change-clock.js';
import { newId } from '../../src/db/ids.js';
import { SILENT_TABLES } from '../../src/db/silent-tables.js';
import { eachDatabase } from '../helpers/databases.js';
import { clockPassed, openSecondConnection, readingOf } from '../helpers/second-connection.js';
import { TestClock } from '../helpers/test-clock.js';

/** A new room of the organization. */
const spaceRow = (organizationId: string) => ({
  id: newId(),
  organization_id: organizationId,
  name: `Room ${newId()}`,
  capacity: 10,
  shareable: 0,
  capacities: '{}',
  part_ids: '[]',
  created_at: isoTime(Date.now()),
  updated_at: isoTime(Date.now()),
});

eachDatabase((suite) => {
  let other: DatabaseHandle;
  before(() => {
    other = openSecondConnection(suite.database);
  });
  after(() => other.close());

  const insertOrganization = (handle: DatabaseHandle, id = newId()) =>
    handle.db
      .insertInto('organizations')
      .values({
        id,
        name: 'Clock venue',
        created_at: isoTime(Date.now()),
        updated_at: isoTime(Date.now()),
      })
      .execute();

  /** Two new organizations' ids. */
  const twoOrganizations = async () => {
    const ids = [newId(), newId()] as const;
    for (const id of ids) await insertOrganization(suite.database.handle, id);
    return ids;
  };

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

  it('after a transaction commits here, has moved the organization it wrote in, and only that', async () => {
    const clock = suite.database.handle.changes;
    const [written, untouched] = await twoOrganizations();
    const reading = await readingOf(clock);
    await suite.db.transaction().execute(async (trx) => {
      await trx.insertInto('spaces').values(spaceRow(written)).execute();
    });
    // At once (at the next reading, as a cache takes one): no waiting for another connection to tell.
    assert.ok(clock.read()! > reading);
    assert.ok(clock.changedAt(written) > reading, 'the organization written in changed');
    assert.ok(clock.changedAt(untouched) <= reading, 'another organization did not');
    assert.ok(clock.changedAt(GLOBAL) <= reading, 'nothing global changed');
  });

  it('a commit that fails commits nothing and leaves no scope behind', async (t) => {
    const clock = suite.database.handle.changes;
    const [failed, next] = await twoOrganizations();
    await sql`create table deferred_probe (id text primary key,
      parent text references deferred_probe (id) deferrable initially deferred)`.execute(suite.db);
    // Not a table of the product: gone again before the test that checks every table's triggers.
    t.after(() => sql`drop table deferred_probe`.execute(suite.db));
    const space = spaceRow(failed);
    // The deferred reference is checked at the COMMIT, which then fails.
    await assert.rejects(
      suite.db.transaction().execute(async (trx) => {
        await trx.insertInto('spaces').values(space).execute();
        await sql`insert into deferred_probe values (${newId()}, 'no such row')`.execute(trx);
      }),
      /foreign key/i,
    );
    const found = await suite.db.selectFrom('spaces').select('id').where('id', '=', space.id).execute();
    assert.deepEqual(found, [], 'nothing was committed');
    // The failed transaction's scopes went with it: the next commit tells only its own.
    const reading = await readingOf(clock);
    await suite.db.transaction().execute(async (trx) => {
      await trx.insertInto('spaces').values(spaceRow(next)).execute();
    });
    assert.ok(clock.read()! > reading);
    assert.ok(clock.changedAt(next) > reading);
    assert.ok(clock.changedAt(failed) <= reading, 'the failed transaction’s organization is not told again');
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

  it('has what another connection committed in its readings once settled, with no wait', async () => {
    const clock = suite.database.handle.changes;
    // SQLite asks the database file itself; PostgreSQL's notifications need a round trip.
    assert.equal(clock.settle === undefined, suite.database.dialect === 'sqlite');
    for (let i = 0; i < 20; i++) {
      await clock.settle?.();
      const reading = clock.read();
      assert.notEqual(reading, undefined);
      const organization = newId();
      await insertOrganization(other, organization);
      // Several requests at once share round trips; each sees the commit done before it asked.
      await Promise.all([clock.settle?.(), clock.settle?.(), clock.settle?.()]);
      assert.ok(clock.read()! > reading!, `commit ${i} seen once settled`);
      assert.ok(clock.changedAt(organization) > reading!, `commit ${i}: its organization`);
    }
  });

  it('has every table of the product tell its changes, but for those no cache reads', async () => {
    const tables =
      suite.database.dialect === 'postgres'
        ? await sql<{ table_name: string; tells: boolean }>`
      select c.relname as table_name,
             exists (select 1 from pg_trigger g where g.tgrelid = c.oid
               and g.tgname in (c.relname || '_notify_change', c.relname || '_insert_scope', c.relname || '_delete_scope')) as tells
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema() and c.relname not like 'kysely_%'`.execute(
            suite.db,
          )
        : await sql<{ table_name: string; tells: number }>`
      select t.name as table_name,
             exists (select 1 from sqlite_master g where g.type = 'trigger' and g.tbl_name = t.name
               and g.name in (t.name || '_update_scope')) as tells
      from sqlite_master t where t.type = 'table' and t.name not like 'kysely_%'
        and t.name not like 'sqlite_%' and t.name not like '%_search%' and t.name <> 'cache_scopes'`.execute(
            suite.db,
          );
    assert.ok(tables.rows.length >= 14, 'the product tables are there');
    assert.deepEqual(
      tables.rows
        .filter((r) => !r.tells)
        .map((r) => r.table_name)
        .sort(),
      [...SILENT_TABLES].sort(),
      'a table without the trigger would let caches (of other processes) serve stale values',
    );
  });

  it('tells the changes of one organization apart from another, and from the global ones', async () => {
    const clock = suite.database.handle.changes;
    const [first, second] = await twoOrganizations();
    const reading = await readingOf(clock);
    const space = (organizationId: string) =>
      other.db.insertInto('spaces').values(spaceRow(organizationId)).execute();
    await space(first);
    await clockPassed(clock, reading);
    assert.ok(clock.changedAt(first) > reading, 'the organization written in changed');
    assert.ok(clock.changedAt(second) <= reading, 'another organization did not');
    assert.ok(clock.changedAt(GLOBAL) <= reading);
    const later = await readingOf(clock);
    await insertOrganization(other);
    await clockPassed(clock, later);
    assert.ok(clock.changedAt(second) > later, 'a global change changes every scope');
  });

  it('tells nothing for writes no cache reads, such as webhook deliveries', async () => {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    await sql`update webhook_deliveries set attempts = attempts where 1 = 0`.execute(suite.db);
    await suite.db.deleteFrom('idempotency_keys').where('key', '=', 'none').execute();
    await sql`delete from sessions where id_hash = 'none'`.execute(other.db);
    await sleep(50);
    assert.equal(clock.read(), reading);
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
