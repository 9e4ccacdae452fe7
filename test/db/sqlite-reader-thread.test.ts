/**
 * SQLite's reader thread (src/db/sqlite-reader-thread.ts): a list page's version keys are read on a
 * thread with its own connection to the file, which sees every commit made before the read; reads
 * asked together are each answered with their own values; a read alone while the thread is idle, a
 * read the thread cannot make, and every read once the thread stopped, are made on the connection
 * instead, with the same answer; a read while the connection is in a transaction does not wait;
 * a read answered is let go of, so what it read is not kept through young-generation collections.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { SqliteReaderThread } from '../../src/db/sqlite-reader-thread.js';
import { heldWriteTransaction } from '../helpers/databases.js';
import { readGcTrace } from '../helpers/gc-trace.js';

describe('SQLite reader thread', () => {
  let dir: string;
  let handle: DatabaseHandle;

  const labels = (after: number) =>
    handle.textValues(`select label from reader_probe where n > ? order by n`, [after]);

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'marquee-reader-'));
    handle = openDatabase({ dataDir: dir });
    await sql`create table reader_probe (n integer primary key, label text not null)`.execute(handle.db);
  });
  after(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads on the thread, seeing each commit made before the read', async () => {
    const reader = handle.reader!;
    const before = reader.answered;
    for (let n = 1; n <= 30; n++) {
      await sql`insert into reader_probe (n, label) values (${n}, ${`label ${n}`})`.execute(handle.db);
      // Two reads in one turn: both go to the thread.
      const [all, last] = await Promise.all([labels(0), labels(n - 1)]);
      assert.equal(all.length, n);
      assert.equal(all.at(-1), `label ${n}`);
      assert.deepEqual(last, [`label ${n}`]);
    }
    assert.equal(reader.answered - before, 60, 'every read was answered by the thread');
  });

  it("sees another connection's commits", async () => {
    const other = new SqliteDatabase(path.join(dir, 'marquee.sqlite'));
    try {
      other.prepare(`insert into reader_probe (n, label) values (100, 'from elsewhere')`).run();
    } finally {
      other.close();
    }
    const before = handle.reader!.answered;
    const [all, last] = await Promise.all([labels(0), labels(99)]);
    assert.equal(all.at(-1), 'from elsewhere');
    assert.deepEqual(last, ['from elsewhere']);
    assert.equal(handle.reader!.answered - before, 2);
    await sql`delete from reader_probe where n = 100`.execute(handle.db);
  });

  it('makes a read alone on the connection while the thread is idle', async () => {
    const reader = handle.reader!;
    const before = reader.answered;
    assert.deepEqual(await labels(28), ['label 29', 'label 30']);
    assert.equal(reader.answered, before, 'the thread did not answer it');
  });

  it('answers reads asked together each with its own values', async () => {
    const reader = handle.reader!;
    const before = reader.answered;
    const reads = await Promise.all(Array.from({ length: 40 }, (_, i) => labels(i % 30)));
    reads.forEach((read, i) => {
      assert.deepEqual(
        read,
        Array.from({ length: 30 - (i % 30) }, (_, k) => `label ${(i % 30) + k + 1}`),
      );
    });
    assert.equal(reader.answered - before, 40);
  });

  it('reads committed data at once while a write transaction is open', async () => {
    const writing = await heldWriteTransaction(
      handle.db,
      sql`insert into reader_probe (n, label) values (31, 'label 31')`,
    );
    // Alone, but the connection is in the transaction: the thread reads it.
    const before = handle.reader!.answered;
    assert.equal((await labels(0)).length, 30, 'the uncommitted row is not read');
    assert.equal(handle.reader!.answered, before + 1);
    writing.release();
    await writing.committed;
    assert.equal((await labels(0)).at(-1), 'label 31');
  });

  it('makes a read the thread cannot make on the connection', async () => {
    // A temporary table exists on the connection that made it, never on the thread's.
    await sql`create temp table reader_temp (label text)`.execute(handle.db);
    await sql`insert into reader_temp (label) values ('only here')`.execute(handle.db);
    const reader = handle.reader!;
    const before = reader.answered;
    const [temporary, kept] = await Promise.all([
      handle.textValues(`select label from reader_temp`, []),
      labels(29),
    ]);
    assert.deepEqual(temporary, ['only here']);
    assert.deepEqual(kept, ['label 30', 'label 31']);
    assert.equal(reader.answered, before + 1, 'the thread answered the other read only');
    assert.ok(reader.running, 'a failed statement does not stop the thread');
  });

  it('makes the reads in flight on the connection when the thread is closed', async () => {
    const reader = handle.reader!;
    const reads = Promise.all([labels(28), labels(29), labels(30)]);
    const closing = reader.close();
    assert.deepEqual(await reads, [
      ['label 29', 'label 30', 'label 31'],
      ['label 30', 'label 31'],
      ['label 31'],
    ]);
    await closing;
  });

  it('reads on the connection once the thread has stopped', async () => {
    const reader = handle.reader!;
    await reader.close();
    assert.equal(reader.running, false);
    const before = reader.answered;
    const reads = await Promise.all([labels(29), labels(30)]);
    assert.deepEqual(reads, [['label 30', 'label 31'], ['label 31']]);
    assert.equal(reader.answered, before);
  });

  it('stops, says so once, and answers nothing when its thread cannot start', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const reader = new SqliteReaderThread(path.join(dir, 'missing.sqlite'), 100);
      const reads = await Promise.all([reader.read('select 1', []), reader.read('select 2', [])]);
      assert.deepEqual(reads, [undefined, undefined]);
      assert.equal(reader.running, false);
      assert.equal(await reader.read('select 3', []), undefined);
      await new Promise((resolve) => setImmediate(resolve));
      const stopped = warnings.filter(
        (w) => (w as { code?: string }).code === 'MARQUEE_SQLITE_READER_STOPPED',
      );
      assert.equal(stopped.length, 1);
    } finally {
      process.off('warning', onWarning);
    }
  });

  /**
   * Runs `script` in a new Node process started with `flags`, once it has `handle`, the database
   * opened in `dataDir`.
   */
  const withDatabaseInChild = (dataDir: string, script: string, flags: string[] = []) => {
    const connect = new URL('../../src/db/connect.js', import.meta.url).href;
    const opened = `const { openDatabase } = await import(${JSON.stringify(connect)});
      const handle = openDatabase({ dataDir: process.argv[1] });`;
    return spawnSync(
      process.execPath,
      [...flags, '--input-type=module', '-e', `${opened}\n${script}`, dataDir],
      {
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  };

  it('lets a process end with its thread started and idle', () => {
    const child = withDatabaseInChild(
      dir,
      `const read = () => handle.textValues('select label from reader_probe where n > ? order by n', [0]);
       const [a, b] = await Promise.all([read(), read()]);
       console.log(a.length, b.length, handle.reader.answered);`,
    );
    assert.equal(child.error, undefined, 'the process ended by itself');
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), '31 31 2');
  });

  it('lets go of each read once it is answered, so what it read dies young', () => {
    // Batches of 10 to 58 reads, so the map of waiting reads grows and shrinks all the time, in a
    // process that prints what each young-generation collection moved to the old generation.
    const child = withDatabaseInChild(
      path.join(dir, 'gc'),
      `await handle.db.schema.createTable('gc_probe').addColumn('n', 'integer', (c) => c.primaryKey())
           .addColumn('label', 'text').execute();
         await handle.db.insertInto('gc_probe')
           .values(Array.from({ length: 40 }, (_, n) => ({ n, label: 'a version key of a row '.repeat(2) + n })))
           .execute();
         const read = (i) => handle.textValues('select label from gc_probe where n > ? order by n', [i % 3]);
         const waves = async (count) => {
           let reads = 0;
           for (let wave = 0; wave < count; wave++) {
             const answers = await Promise.all(Array.from({ length: 10 + (wave % 5) * 12 }, (_, i) => read(i)));
             if (answers.some((a) => a.length < 37)) throw new Error('a read came back short');
             reads += answers.length;
           }
           return reads;
         };
         await waves(200);
         console.log('@@MEASURED FROM HERE@@');
         const reads = await waves(800);
         console.log('@@READS ' + reads + ' ' + handle.reader.answered + '@@');
         await handle.close();`,
      ['--trace-gc-nvp'],
    );
    assert.equal(child.status, 0, child.stderr);
    const { printed, collections, promoted } = readGcTrace(child.stdout);
    const [, reads, answered] = printed
      .find((line) => line.startsWith('READS'))!
      .split(' ')
      .map(Number);
    assert.ok(reads! > 20_000, child.stdout.slice(-2000));
    assert.ok(answered! > reads! / 2, `most reads went to the thread (${answered} of ${reads})`);
    assert.ok(collections >= 10, `young-generation collections while measured: ${collections}`);
    // Each answer is about 1.9 KB of text; a read kept past its answer would move most of it.
    const perRead = promoted / reads!;
    assert.ok(perRead < 600, `moved to the old generation: ${perRead.toFixed(0)} bytes a read`);
  });
});
