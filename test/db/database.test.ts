import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { migrateToLatest, pendingMigrations } from '../../src/db/migrate.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';

eachDatabase((suite) => {
  it('applies every migration once; a second run applies nothing', async () => {
    assert.deepEqual(await pendingMigrations(suite.database.handle), []);
    assert.deepEqual((await migrateToLatest(suite.database.handle)).applied, []);
  });

  it('has the tables the product needs', async () => {
    const tables = (await suite.db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'organizations',
      'users',
      'memberships',
      'integrations',
      'accounts',
      'contacts',
      'bookings',
    ]) {
      assert.ok(tables.includes(table), `missing table ${table}`);
    }
  });

  it('reads timestamps back as the ISO-8601 UTC strings it stored', async () => {
    const at = '2026-03-04T05:06:07.089Z';
    const id = newId();
    await suite.db
      .insertInto('organizations')
      .values({ id, name: 'Clock', created_at: at, updated_at: isoTime(Date.now()) })
      .execute();
    const row = await suite.db
      .selectFrom('organizations')
      .select('created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.created_at, at);
  });

  it('enforces foreign keys', async () => {
    await assert.rejects(
      suite.db
        .insertInto('memberships')
        .values({
          organization_id: 'missing',
          user_id: 'missing',
          role: 'admin',
          created_at: isoTime(Date.now()),
        })
        .execute(),
    );
  });

  it('enforces the booking status values', async () => {
    const org = await makeOrganization(suite.db);
    const now = isoTime(Date.now());
    await assert.rejects(
      suite.db
        .insertInto('bookings')
        .values({
          id: newId(),
          organization_id: org.id,
          reference: 'BK-1',
          name: 'Bad status',
          status: 'maybe' as never,
          start_at: now,
          end_at: now,
          timezone: 'UTC',
          currency: 'USD',
          total_amount: 0,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
  });

  it('runs the embedded database in WAL mode with a busy timeout', async (t) => {
    if (suite.database.dialect !== 'sqlite') return t.skip('SQLite only');
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(suite.db);
    assert.equal(mode.rows[0]?.journal_mode, 'wal');
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(suite.db);
    assert.ok((timeout.rows[0]?.timeout ?? 0) >= 1000);
    const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(suite.db);
    assert.equal(cache.rows[0]?.cache_size, -8000, '8 MB of page cache');
  });
});

it('ids sort by creation time and are unique', () => {
  const earlier = newId(1_700_000_000_000);
  const later = newId(1_700_000_000_001);
  assert.ok(earlier < later);
  assert.match(earlier, /^[0-9a-z]{26}$/);
  const many = new Set(Array.from({ length: 1000 }, () => newId(1)));
  assert.equal(many.size, 1000);
});

it('writes any instant as the ISO-8601 UTC string, the same one for the same millisecond', () => {
  const instants = [
    0, 1_795_314_742_123, 1_795_314_742_123, 1_795_314_742_124, 1_795_314_742_123, 86_400_000,
  ];
  for (const instant of instants) assert.equal(isoTime(instant), new Date(instant).toISOString());
  const before = Date.now();
  const now = Date.parse(isoTime(Date.now()));
  assert.ok(now >= before && now <= Date.now());
});
