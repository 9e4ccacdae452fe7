/**
 * On SQLite, a write transaction that meets another connection's write lock waits for it on a
 * timer (src/db/sqlite-driver.ts), so the process goes on meanwhile: its timers run, its reads
 * are answered, and the write proceeds once the lock is free; after the busy timeout it fails
 * with SQLITE_BUSY and the connection stays usable. A holder of the connection that already ran
 * queries (`db.connection()`) keeps it while it waits. The other connection here lives in the same
 * process, so a wait that stopped the event loop would keep it from ever letting go.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase, SQLITE_FILE_NAME } from '../../src/db/connect.js';

const BUSY_TIMEOUT_MS = 2000;
let dataDir: string;
let handle: DatabaseHandle;
let other: SqliteDatabase.Database;

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-driver-'));
  handle = openDatabase({ dataDir, busyTimeoutMs: BUSY_TIMEOUT_MS });
  await sql`create table probe (id integer primary key, label text not null)`.execute(handle.db);
  other = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
});
after(async () => {
  other.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const labels = async () =>
  (await sql<{ label: string }>`select label from probe order by id`.execute(handle.db)).rows.map(
    (r) => r.label,
  );

it('waits for another connection to let go of the write lock without stopping the process', async () => {
  other.exec(`begin immediate; insert into probe (label) values ('theirs')`);
  const started = Date.now();
  // Their commit comes on a timer: it can only run if this process keeps going.
  setTimeout(() => other.exec('commit'), 150);
  const write = handle.db.transaction().execute(async (trx) => {
    await sql`insert into probe (label) values ('ours')`.execute(trx);
  });
  // While the write waits, a read of this same connection is answered (it sees neither row yet).
  assert.deepEqual(await labels(), []);
  await write;
  const waited = Date.now() - started;
  assert.ok(waited >= 140 && waited < 1500, `waited ${waited} ms`);
  assert.deepEqual(await labels(), ['theirs', 'ours']);
  // Writes outside a transaction still wait as long as before.
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(handle.db);
  assert.equal(rows[0]!.timeout, BUSY_TIMEOUT_MS);
});

it('keeps the connection while waiting for a holder that ran queries first (db.connection())', async () => {
  other.exec(`begin immediate; insert into probe (label) values ('late')`);
  setTimeout(() => other.exec('commit'), 150);
  const order: string[] = [];
  const holder = handle.db.connection().execute(async (db) => {
    await sql`select 1`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`insert into probe (label) values ('held')`.execute(trx);
    });
    order.push('holder');
  });
  await new Promise((resolve) => setImmediate(resolve));
  const read = labels().then(() => order.push('read'));
  await Promise.all([holder, read]);
  assert.deepEqual(order, ['holder', 'read']);
  await sql`delete from probe where label in ('late', 'held')`.execute(handle.db);
});

it('fails with SQLITE_BUSY after the busy timeout, and the connection works on', async () => {
  other.exec(`begin immediate; insert into probe (label) values ('held')`);
  const started = Date.now();
  let ticks = 0;
  const ticking = setInterval(() => ticks++, 20);
  try {
    await assert.rejects(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into probe (label) values ('never')`.execute(trx);
      }),
      (error: { code?: string }) => error.code === 'SQLITE_BUSY',
    );
  } finally {
    clearInterval(ticking);
    other.exec('rollback');
  }
  const waited = Date.now() - started;
  assert.ok(waited >= BUSY_TIMEOUT_MS - 50 && waited < BUSY_TIMEOUT_MS + 1000, `waited ${waited} ms`);
  assert.ok(ticks >= 20, `the process went on while waiting (${ticks} ticks of 20 ms)`);
  await handle.db.transaction().execute(async (trx) => {
    await sql`insert into probe (label) values ('after')`.execute(trx);
  });
  assert.deepEqual(await labels(), ['theirs', 'ours', 'after']);
});
