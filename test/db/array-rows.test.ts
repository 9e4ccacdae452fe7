/**
 * Array rows (src/db/array-rows.ts): each row is its columns' values in the order selected, rows
 * in the statement's order, values exactly as an ordinary query gives them, on both databases;
 * never another caller's uncommitted writes, and on SQLite at once outside a transaction (even
 * while the one connection is held between queries).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { arrayRows } from '../../src/db/array-rows.js';
import { eachDatabase } from '../helpers/databases.js';

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
  before(async () => {
    await sql`create table array_rows_probe (id text primary key, label text, amount integer, ratio double precision)`.execute(
      suite.db,
    );
    for (let i = 0; i < 60; i++) {
      // Inserted out of order, so the ORDER BY has work to do.
      const n = (i * 37) % 60;
      await sql`insert into array_rows_probe (id, label, amount, ratio) values (
        ${`id-${String(n).padStart(3, '0')}`},
        ${n % 9 === 0 ? null : TEXTS[n % TEXTS.length]!},
        ${n % 7 === 0 ? null : n * 1_000_003 - 2 ** 30},
        ${n / 3}
      )`.execute(suite.db);
    }
  });

  for (const direction of ['asc', 'desc']) {
    it(`gives text and integer columns exactly, in the statement's order (${direction}, limit)`, async () => {
      const text = `select id, label, amount from array_rows_probe where id > ${suite.database.dialect === 'sqlite' ? '?' : '$1'} order by id ${direction} limit 41`;
      const rows = await arrayRows(suite.db, text, ['id-005']);
      const { rows: expected } = await sql<
        Record<string, unknown>
      >`select id, label, amount from array_rows_probe
        where id > ${'id-005'} order by id ${sql.raw(direction)} limit 41`.execute(suite.db);
      assert.equal(rows.length, 41);
      assert.deepEqual(
        rows,
        expected.map((row) => [row.id, row.label, row.amount === null ? null : Number(row.amount)]),
      );
      const ids = rows.map((row) => row[0] as string);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => (direction === 'asc' ? a.localeCompare(b) : b.localeCompare(a))),
      );
    });
  }

  it('keeps columns whose names differ only in case apart, and gives the rows a write returns', async () => {
    const rows = await arrayRows(
      suite.db,
      `select id as x, label as "X" from array_rows_probe where id = 'id-001'`,
      [],
    );
    assert.deepEqual(rows, [['id-001', TEXTS[1]]]);
    const inserted = await arrayRows(
      suite.db,
      `insert into array_rows_probe (id, label, amount) values ('id-new', 'written', 7) returning id, amount`,
      [],
    );
    assert.deepEqual(
      inserted.map((row) => [row[0], Number(row[1])]),
      [['id-new', 7]],
    );
  });

  it('gives an empty list when nothing matches, and other column types unchanged', async () => {
    assert.deepEqual(
      await arrayRows(suite.db, `select id, label from array_rows_probe where id = 'none'`, []),
      [],
    );
    const rows = await arrayRows(suite.db, `select id, ratio from array_rows_probe order by id limit 3`, []);
    assert.deepEqual(
      rows.map((row) => [row[0], Number(row[1])]),
      [
        ['id-000', 0],
        ['id-001', 1 / 3],
        ['id-002', 2 / 3],
      ],
    );
  });

  it("never reads another caller's uncommitted writes", async () => {
    let inserted!: () => void;
    let release!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = suite.db.transaction().execute(async (trx) => {
      await sql`insert into array_rows_probe (id, label, amount) values ('id-pending', 'pending', 1)`.execute(
        trx,
      );
      inserted();
      await held;
    });
    await didInsert;
    const query = `select id from array_rows_probe where id = 'id-pending'`;
    let released = false;
    const reading = arrayRows(suite.db, query, []).then((rows) => ({ rows, whileHeld: !released }));
    // PostgreSQL reads on another connection at once; SQLite's one connection waits for the commit.
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 1000))]);
    released = true;
    release();
    await writing;
    const { rows, whileHeld } = await reading;
    // A read answered before the writer was let go (so before its commit) must not see its row.
    assert.ok(!whileHeld || rows.length === 0, 'the uncommitted row was read');
    assert.equal(whileHeld, suite.database.dialect === 'postgres', 'answered while the writer was held');
    assert.deepEqual(await arrayRows(suite.db, query, []), [['id-pending']]);
  });

  // SQLite has one connection, read at once outside a transaction; PostgreSQL reads on another.
  it('reads while a connection is held between queries (no transaction)', async () => {
    const rows = await suite.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      // The holder waits for the read: a read queued for the connection would never run.
      const read = arrayRows(suite.db, `select id from array_rows_probe where id = 'id-001'`, []);
      const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000).unref());
      return Promise.race([read, timeout]);
    });
    assert.deepEqual(rows, [['id-001']]);
  });
});
