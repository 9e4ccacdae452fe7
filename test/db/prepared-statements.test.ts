/**
 * On PostgreSQL, hot statements run prepared by name (src/db/connect.ts): a text-values read (a
 * page query) from its first run, any other statement with values from its second run; never one
 * whose columns a `*` chooses (a column added by a migration would make its prepared form fail),
 * nor one without values. A prepared statement gives the same rows as an unnamed one, also after
 * the table gains a column.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { onDatabase } from '../helpers/databases.js';

onDatabase('postgres', (suite) => {
  // One connection, so the session that ran the statements is the one asked about them.
  let single: DatabaseHandle;
  before(async () => {
    await sql`create table named_probe (id text primary key, n integer)`.execute(suite.db);
    await sql`insert into named_probe values ('a', 1), ('b', 2), ('c', 3)`.execute(suite.db);
    single = openDatabase({
      databaseUrl: suite.database.env.DATABASE_URL!,
      dataDir: os.tmpdir(),
      poolSize: 1,
    });
  });
  after(() => single.close());

  const preparedTexts = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(single.db)
    ).rows.map((row) => row.statement);
  const countPrepared = async (ending: string) =>
    (await preparedTexts()).filter((t) => t.endsWith(ending)).length;

  it('prepares a text-values read at its first run, and runs it by name after that', async () => {
    const text = 'select id from named_probe where n >= $1 order by id';
    assert.deepEqual(await single.textValues(text, [2]), ['b', 'c']);
    assert.equal(await countPrepared(text), 1);
    assert.deepEqual(await single.textValues(text, [3]), ['c']);
    await sql`insert into named_probe values ('d', 4)`.execute(suite.db);
    assert.deepEqual(await single.textValues(text, [3]), ['c', 'd']);
    assert.equal(await countPrepared(text), 1, 'prepared once, however often it runs');
  });

  it('prepares another statement with values when it comes again, and gives the same rows', async () => {
    const read = (n: number) =>
      sql<{ id: string }>`select id from named_probe where n = ${n}`.execute(single.db);
    const ending = 'select id from named_probe where n = $1';
    assert.deepEqual((await read(1)).rows, [{ id: 'a' }]);
    assert.equal(await countPrepared(ending), 0, 'not at its first run');
    assert.deepEqual((await read(2)).rows, [{ id: 'b' }]);
    assert.equal(await countPrepared(ending), 1, 'at its second');
    // A column added meanwhile does not disturb a statement that names its columns.
    await sql`alter table named_probe add column note text`.execute(suite.db);
    assert.deepEqual((await read(3)).rows, [{ id: 'c' }]);
    // Writes with values too.
    for (const id of ['w1', 'w2', 'w3']) {
      await sql`insert into named_probe (id, n) values (${id}, ${9})`.execute(single.db);
    }
    assert.equal(await countPrepared('insert into named_probe (id, n) values ($1, $2)'), 1);
  });

  it('never prepares a statement whose columns a * chooses, nor one without values', async () => {
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ id: string }>`select * from named_probe where id = ${'a'}`.execute(
        single.db,
      );
      assert.equal(rows[0]!.id, 'a');
      await sql`update named_probe set n = n where id = ${'a'} returning *`.execute(single.db);
      await sql`select id from named_probe where n = 1`.execute(single.db);
      await sql`select "named_probe".* from named_probe where id = ${'a'}`.execute(single.db);
      await single.textValues('select * from (select id from named_probe) as ids where id = $1', ['a']);
      // A count is fine: its columns do not follow the table's.
      await sql`select count(*) as n from named_probe where n > ${0}`.execute(single.db);
    }
    // Once a column is added, the same statement gives it too (a prepared form would fail here).
    await sql`alter table named_probe add column extra integer`.execute(suite.db);
    const { rows } = await sql<Record<string, unknown>>`select * from named_probe where id = ${'a'}`.execute(
      single.db,
    );
    assert.ok('extra' in rows[0]!);
    const texts = await preparedTexts();
    assert.ok(!texts.some((t) => /select \*|returning \*|\.\*/.test(t)), texts.join('\n'));
    assert.ok(
      texts.some((t) => t.includes('count(*)')),
      texts.join('\n'),
    );
    assert.ok(!texts.some((t) => t.endsWith('where n = 1')), texts.join('\n'));
  });
});
