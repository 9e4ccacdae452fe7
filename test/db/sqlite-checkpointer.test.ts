/**
 * SQLite's WAL checkpoints on a thread (src/db/sqlite-checkpointer.ts): the writing connection
 * never checkpoints; many writes on a real file keep the WAL bounded all the same, the thread
 * having copied its pages into the file and emptied it past its bound, and the file then reads
 * whole from a fresh connection; closing the database ends the thread, and an open database's
 * thread does not keep its process alive; when the thread cannot run, the connection
 * checkpoints again, as SQLite would.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase, SQLITE_FILE_NAME } from '../../src/db/connect.js';
import type { CheckpointBounds } from '../../src/db/sqlite-checkpointer.js';

/** Small bounds, so that a few megabytes of writes cross them many times. */
const BOUNDS: CheckpointBounds = { pages: 100, walBytes: 2 ** 20 };
/** About four pages a write (a row of 12 KB of text). */
const BODY = 'x'.repeat(12_000);

const walSize = (dir: string) => {
  try {
    return statSync(path.join(dir, `${SQLITE_FILE_NAME}-wal`)).size;
  } catch {
    return 0;
  }
};

/** Writes `count` rows, one transaction each, a millisecond apart (as requests come); the WAL's largest size. */
async function write(handle: DatabaseHandle, dir: string, from: number, count: number): Promise<number> {
  let largest = 0;
  for (let n = from; n < from + count; n++) {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into probe (n, body) values (${n}, ${BODY})`.execute(trx);
      await sql`update tally set rows = rows + 1, total = total + ${n}`.execute(trx);
    });
    largest = Math.max(largest, walSize(dir));
    await delay(1);
  }
  return largest;
}

async function openWithProbe(dir: string): Promise<DatabaseHandle> {
  const handle = openDatabase({ dataDir: dir, checkpoints: BOUNDS });
  await sql`create table probe (n integer primary key, body text not null)`.execute(handle.db);
  await sql`create table tally (rows integer not null, total integer not null)`.execute(handle.db);
  await sql`insert into tally values (0, 0)`.execute(handle.db);
  return handle;
}

describe('SQLite checkpointer thread', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'marquee-checkpointer-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the WAL bounded under many writes, checkpointing on its thread, and the file reads whole', async () => {
    const data = path.join(dir, 'bounded');
    const handle = await openWithProbe(data);
    try {
      const checkpointer = handle.checkpointer!;
      // The writing connection leaves every checkpoint to the thread.
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        handle.db,
      );
      assert.deepEqual(rows, [{ wal_autocheckpoint: 0 }]);
      // Until the thread has started and copied once (starting it takes a moment).
      let written = 0;
      while (checkpointer.checkpoints === 0) {
        await write(handle, data, written, 50);
        written += 50;
        assert.ok(written < 5000, 'the thread checkpointed');
      }
      const count = 2500;
      const largest = await write(handle, data, written, count);
      written += count;
      // About 2,500 × 4 pages of 4 KB went through the WAL: 40 MB without checkpoints. How far it
      // passes its bound of 1 MB before the thread empties it is how long the thread waited for a
      // core meanwhile, writes coming every millisecond or so: under 6 MB on an idle machine, near
      // 10 MB with other suites running beside it. Unbounded, it would have held every write.
      const bound = (count * 4 * 4096) / 2.5;
      assert.ok(largest < bound, `the WAL stayed under ${bound} bytes (largest ${largest})`);
      // Whether the thread kept up by copying alone or had to empty the WAL past its bound depends
      // on how busy the machine is; the next test holds the WAL open to see the bound kept.
      assert.ok(checkpointer.checkpoints > checkpointer.truncations, 'it checkpointed');
      assert.equal(checkpointer.running, true);

      // A fresh connection reads every write while the handle is open, and after it closed.
      const expected = { rows: written, total: (written * (written - 1)) / 2 };
      const readWhole = () => {
        const fresh = new SqliteDatabase(path.join(data, SQLITE_FILE_NAME), { readonly: true });
        try {
          assert.equal(fresh.pragma('integrity_check', { simple: true }), 'ok');
          assert.deepEqual(fresh.prepare('select rows, total from tally').get(), expected);
          assert.deepEqual(
            fresh.prepare('select count(*) as rows, sum(n) as total from probe where body = ?').get(BODY),
            expected,
          );
        } finally {
          fresh.close();
        }
      };
      readWhole();
      await handle.close();
      assert.equal(checkpointer.started, false, 'closing ended the thread');
      readWhole();
    } finally {
      await handle.close();
    }
  });

  it('empties a WAL that a long reader kept from starting again, once past its bound', async () => {
    const data = path.join(dir, 'valve');
    const handle = await openWithProbe(data);
    try {
      const checkpointer = handle.checkpointer!;
      let written = 0;
      while (checkpointer.checkpoints === 0) {
        await write(handle, data, written, 50);
        written += 50;
        assert.ok(written < 5000, 'the thread checkpointed');
      }
      // A reader's snapshot keeps every page of the WAL in use: it cannot start again.
      const reader = new SqliteDatabase(path.join(data, SQLITE_FILE_NAME), { readonly: true });
      reader.prepare('begin').run();
      reader.prepare('select count(*) from probe').get();
      const pagesPastBound = Math.ceil((1.5 * BOUNDS.walBytes) / (4 * 4096));
      await write(handle, data, written, pagesPastBound);
      written += pagesPastBound;
      assert.ok(walSize(data) > BOUNDS.walBytes, 'the WAL grew past its bound while read');
      reader.prepare('commit').run();
      reader.close();
      for (let n = 0; checkpointer.truncations === 0 || walSize(data) > BOUNDS.walBytes; n++) {
        await write(handle, data, written, 5);
        written += 5;
        assert.ok(
          n < 400,
          `the WAL was emptied (${walSize(data)} bytes, ${checkpointer.truncations} truncations)`,
        );
      }
    } finally {
      await handle.close();
    }
  });

  /** Runs `script` in a new Node process once it has `handle`, the database opened in `dataDir`. */
  const withDatabaseInChild = (dataDir: string, script: string) => {
    const connect = new URL('../../src/db/connect.js', import.meta.url).href;
    const opened = `const { openDatabase } = await import(${JSON.stringify(connect)});
      const { sql } = await import('kysely');
      const handle = openDatabase({ dataDir: process.argv[1], checkpoints: ${JSON.stringify(BOUNDS)} });
      await sql\`create table if not exists probe (n integer primary key, body text)\`.execute(handle.db);
      for (let n = 0; handle.checkpointer.checkpoints === 0; n++) {
        await sql\`insert into probe (body) values (\${'x'.repeat(12000)})\`.execute(handle.db);
        await new Promise((resolve) => setImmediate(resolve));
        if (n > 20000) throw new Error('no checkpoint');
      }`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', `${opened}\n${script}`, dataDir], {
      cwd: path.dirname(new URL(import.meta.url).pathname),
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('ends its thread when the database closes, and the process ends', () => {
    const child = withDatabaseInChild(
      path.join(dir, 'closed'),
      `await handle.close();
       console.log(handle.checkpointer.started, handle.checkpointer.running);`,
    );
    assert.equal(child.error, undefined, 'the process ended by itself');
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), 'false false');
  });

  it('lets a process end with the database open and its thread started', () => {
    const child = withDatabaseInChild(
      path.join(dir, 'left-open'),
      `console.log(handle.checkpointer.started, handle.checkpointer.checkpoints > 0);`,
    );
    assert.equal(child.error, undefined, 'the process ended by itself');
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), 'true true');
  });

  it('gives checkpoints back to the connection, saying so once, when its thread cannot run', async () => {
    const data = path.join(dir, 'no-thread');
    const handle = await openWithProbe(data);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // The thread opens the file by its name, which now names nothing; the connection has it open.
      rmSync(path.join(data, SQLITE_FILE_NAME));
      const checkpointer = handle.checkpointer!;
      let written = 0;
      while (checkpointer.running) {
        await write(handle, data, written, 50);
        written += 50;
        assert.ok(written < 5000, 'the thread stopped');
      }
      await delay(10);
      const stopped = warnings.filter(
        (w) => (w as { code?: string }).code === 'MARQUEE_SQLITE_CHECKPOINTER_STOPPED',
      );
      assert.equal(stopped.length, 1);
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        handle.db,
      );
      assert.deepEqual(rows, [{ wal_autocheckpoint: 1000 }]);
      // SQLite's own checkpoints (every 1,000 pages) keep the WAL at about 4 MB again; the file
      // keeps the size it had grown to without checkpoints meanwhile.
      const grown = Math.max(walSize(data), 1000 * 4096);
      const largest = await write(handle, data, written, 1500);
      assert.ok(
        largest < grown + 2 ** 20,
        `the WAL stayed under ${grown} bytes and 1 MB (largest ${largest})`,
      );
    } finally {
      process.off('warning', onWarning);
      await handle.close();
    }
  });
});
