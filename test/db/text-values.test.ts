/**
 * Text values (src/db/text-values.ts): a read of one text column gives each row's value, in the
 * statement's order, exactly as an ordinary query gives it, on both databases; never another
 * caller's uncommitted writes, and without waiting for a writer's transaction or for the connection
 * held between queries. A statement that writes, or reads more than one column, is refused.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { versionKeySql } from '../../src/db/text-values.js';
import { eachDatabase, heldWriteTransaction } from '../helpers/databases.js';

const TEXTS = [
  'plain',
  'with "quotes" and \\ backslash',
  'line\nbreak\ttab\u0001control',
  'ünïcödé ✓ 😀',
  '',
  '0042',
  '[1,2]',
  'null',
];

eachDatabase((suite) => {
  const sqlite = () => suite.database.dialect === 'sqlite';
  before(async () => {
    await sql`create table text_values_probe (id text primary key, label text, amount integer)`.execute(
      suite.db,
    );
    for (let i = 0; i < 60; i++) {
      // Inserted out of order, so the ORDER BY has work to do.
      const n = (i * 37) % 60;
      await sql`insert into text_values_probe (id, label, amount) values (
        ${`id-${String(n).padStart(3, '0')}`},
        ${n % 9 === 0 ? null : TEXTS[n % TEXTS.length]!},
        ${n}
      )`.execute(suite.db);
    }
  });

  for (const direction of ['asc', 'desc']) {
    it(`gives each row's text exactly, nulls too, in the statement's order (${direction}, limit)`, async () => {
      const text = `select label from text_values_probe where id > ${sqlite() ? '?' : '$1'} order by id ${direction} limit 41`;
      const values = await suite.database.handle.textValues(text, ['id-005']);
      const { rows: expected } = await sql<{ label: string | null }>`select label from text_values_probe
        where id > ${'id-005'} order by id ${sql.raw(direction)} limit 41`.execute(suite.db);
      assert.equal(values.length, 41);
      assert.deepEqual(
        values,
        expected.map((row) => row.label),
      );
      assert.ok(values.includes(null) && values.includes(TEXTS[1]!) && values.includes(TEXTS[3]!));
    });
  }

  it('gives an expression of text columns, and nothing when no row matches', async () => {
    const values = await suite.database.handle.textValues(
      `select id || ' ' || coalesce(label, '') as key from text_values_probe where amount < 3 order by id`,
      [],
    );
    assert.deepEqual(values, ['id-000 ', `id-001 ${TEXTS[1]}`, `id-002 ${TEXTS[2]}`]);
    assert.deepEqual(
      await suite.database.handle.textValues(`select label from text_values_probe where id = 'none'`, []),
      [],
    );
  });

  it('gives a version key as <id> <updated_at>, updated_at as rows read it', async () => {
    const timestamp = sqlite() ? 'text' : 'timestamptz';
    await sql`create table version_key_probe (id text primary key, updated_at ${sql.raw(timestamp)} not null)`.execute(
      suite.db,
    );
    const times = ['2026-01-02T03:04:05.006Z', '1999-12-31T23:59:59.999Z', '2030-06-07T08:09:10.000Z'];
    for (const [i, time] of times.entries()) {
      await sql`insert into version_key_probe values (${`v${i}`}, ${time})`.execute(suite.db);
    }
    const { rows } = await sql<{
      id: string;
      updated_at: string;
    }>`select id, updated_at from version_key_probe
      order by id`.execute(suite.db);
    assert.deepEqual(
      rows.map((row) => row.updated_at),
      times,
    );
    const keys = await suite.database.handle.textValues(
      `select ${versionKeySql(sqlite())} from version_key_probe order by id`,
      [],
    );
    assert.deepEqual(
      keys,
      rows.map((row) => `${row.id} ${row.updated_at}`),
    );
  });

  it('refuses a statement that writes', async () => {
    await assert.rejects(
      suite.database.handle.textValues(
        `insert into text_values_probe (id, label) values ('id-w', 'w') returning label`,
        [],
      ),
      /writes nothing/,
    );
    assert.deepEqual(
      await suite.database.handle.textValues(`select label from text_values_probe where id = 'id-w'`, []),
      [],
    );
  });

  it('refuses a statement that reads more than one column', async () => {
    await assert.rejects(
      suite.database.handle.textValues(`select id, label from text_values_probe order by id`, []),
      /reads one column/,
    );
  });

  it("never reads another caller's uncommitted writes", async () => {
    const writing = await heldWriteTransaction(
      suite.db,
      sql`insert into text_values_probe (id, label, amount) values ('id-pending', 'pending', 1)`,
    );
    const query = `select id from text_values_probe where id = 'id-pending'`;
    let released = false;
    const reading = suite.database.handle
      .textValues(query, [])
      .then((rows) => ({ rows, whileHeld: !released }));
    // Both read on another connection at once (SQLite's reader thread: src/db/sqlite-reader-thread.ts).
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    released = true;
    writing.release();
    await writing.committed;
    const { rows, whileHeld } = await reading;
    // A read answered before the writer was let go (so before its commit) must not see its row.
    assert.ok(!whileHeld || rows.length === 0, 'the uncommitted row was read');
    assert.ok(whileHeld, 'not answered while the writer was held');
    assert.deepEqual(await suite.database.handle.textValues(query, []), ['id-pending']);
  });

  // SQLite reads on its reader thread (or at once on the one connection); PostgreSQL on another.
  it('reads while a connection is held between queries (no transaction)', async () => {
    const rows = await suite.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      // The holder waits for the read: a read queued for the connection would never run.
      const read = suite.database.handle.textValues(
        `select id from text_values_probe where id = 'id-001'`,
        [],
      );
      const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000).unref());
      return Promise.race([read, timeout]);
    });
    assert.deepEqual(rows, ['id-001']);
  });
});
