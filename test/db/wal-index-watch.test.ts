/**
 * The SQLite change clock's shortcut: while the WAL index's header reads as it did, nobody
 * committed and SQLite is not asked; any commit, by another connection, another process or after
 * the WAL was checkpointed and restarted, shows at the very next reading.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { GLOBAL, sqliteChangeClock } from '../../src/db/change-clock.js';
import { WalIndexWatch } from '../../src/db/wal-index-watch.js';

const SCOPES_TABLE = `create table cache_scopes (scope text primary key, version integer not null)`;

function openWal(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** Stamps `scope` with the next version, as the triggers of src/db/migrations do. */
function stamp(sqlite: SqliteDatabase.Database, scope: string): void {
  sqlite
    .prepare(
      `insert into cache_scopes (scope, version) values (?, (select coalesce(max(version), 0) + 1 from cache_scopes))
       on conflict (scope) do update set version = excluded.version`,
    )
    .run(scope);
}

describe('WAL-index watch and the SQLite change clock', () => {
  let dir: string;
  let file: string;
  let here: SqliteDatabase.Database;
  let other: SqliteDatabase.Database;

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'marquee-wal-watch-'));
    file = path.join(dir, 'watched.sqlite');
    here = openWal(file);
    here.exec(SCOPES_TABLE);
    other = openWal(file);
  });
  after(() => {
    other.close();
    here.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads unchanged while nothing commits, and changed after any commit until remembered', () => {
    const watch = WalIndexWatch.open(here);
    assert.ok(watch, 'a WAL database has a WAL index to watch');
    try {
      assert.equal(watch.unchanged(), false, 'nothing is known before the first remember()');
      watch.remember();
      assert.equal(watch.unchanged(), true);
      other.prepare('select count(*) from cache_scopes').get();
      here.prepare('select * from cache_scopes').all();
      assert.equal(watch.unchanged(), true, 'reads change nothing');

      stamp(other, 'org-a');
      assert.equal(watch.unchanged(), false, "another connection's commit shows");
      assert.equal(watch.unchanged(), false, 'and keeps showing until remembered');
      watch.remember();
      assert.equal(watch.unchanged(), true);

      stamp(here, 'org-b');
      assert.equal(watch.unchanged(), false, "this connection's own commit shows too");
      watch.remember();

      // A full checkpoint that truncates the WAL, then one commit: the WAL starts again from its
      // first frame, and the header still differs (new salts, a moved change counter).
      other.pragma('wal_checkpoint(TRUNCATE)');
      stamp(other, 'org-a');
      assert.equal(watch.unchanged(), false, 'a commit after the WAL restarted shows');
      watch.remember();

      const script = `const D = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
        const db = new D(${JSON.stringify(file)}); db.pragma('busy_timeout = 5000');
        db.prepare("insert into cache_scopes (scope, version) values ('cli', 1000000) on conflict (scope) do update set version = version + 1").run();
        db.close();`;
      execFileSync(process.execPath, ['-e', script]);
      assert.equal(watch.unchanged(), false, "another process's commit shows");
    } finally {
      watch.close();
    }
    assert.equal(watch.unchanged(), false, 'a closed watch never says unchanged');
  });

  it('sees a commit made while its own connection read in an older snapshot', async () => {
    const clock = sqliteChangeClock(here);
    try {
      const reading = clock.read()!;
      assert.equal(clock.read(), reading);
      here.exec('begin');
      here.prepare('select count(*) from cache_scopes').get();
      stamp(other, 'org-snapshot');
      clock.read();
      here.exec('commit');
      const now = clock.read()!;
      assert.ok(now > reading, 'the commit shows once the transaction ended');
      assert.equal(clock.changedAt('org-snapshot'), now);
    } finally {
      await clock.close();
    }
  });

  it('watches the -shm file beside the database itself when it was opened through a link', async () => {
    const real = path.join(dir, 'real');
    const linked = path.join(dir, 'linked');
    mkdirSync(real);
    mkdirSync(linked);
    const target = path.join(real, 'data.sqlite');
    const seed = openWal(target);
    seed.exec(SCOPES_TABLE);
    seed.close();
    const link = path.join(linked, 'data.sqlite');
    symlinkSync(target, link);
    // A stale -shm beside the link (left by an earlier crash, say) must not be the one watched.
    writeFileSync(`${link}-shm`, Buffer.alloc(32_768, 7));
    const viaLink = openWal(link);
    const writer = openWal(target);
    const clock = sqliteChangeClock(viaLink);
    try {
      const reading = clock.read()!;
      assert.equal(clock.read(), reading);
      stamp(writer, 'org-linked');
      assert.ok(clock.read()! > reading, "another connection's commit shows");
    } finally {
      await clock.close();
      writer.close();
      viaLink.close();
    }
  });

  it('asks SQLite only after the header changed', async () => {
    // The connection as the clock sees it, counting the times it runs PRAGMA data_version.
    let asked = 0;
    const counting = (statement: SqliteDatabase.Statement): SqliteDatabase.Statement => {
      const proxy: SqliteDatabase.Statement = new Proxy(statement, {
        get(target, property) {
          if (property === 'get')
            return (...parameters: unknown[]) => {
              asked += 1;
              return target.get(...parameters);
            };
          if (property === 'pluck')
            return (...flags: [boolean?]) => {
              target.pluck(...flags);
              return proxy;
            };
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return proxy;
    };
    const connection = new Proxy(here, {
      get(target, property) {
        if (property === 'prepare')
          return (source: string) => {
            const statement = target.prepare(source);
            return source.includes('data_version') ? counting(statement) : statement;
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const clock = sqliteChangeClock(connection);
    try {
      const reading = clock.read()!;
      const before = asked;
      for (let i = 0; i < 10; i++) assert.equal(clock.read(), reading);
      assert.equal(asked, before, 'nothing committed: SQLite is not asked');
      stamp(other, 'org-asked');
      assert.ok(clock.read()! > reading);
      assert.equal(asked, before + 1, 'a commit: SQLite is asked once');
      clock.read();
      assert.equal(asked, before + 1, 'and not again until the next commit');
    } finally {
      await clock.close();
    }
  });

  it('has no watch for a database that is not in WAL mode', () => {
    const rollback = new SqliteDatabase(path.join(dir, 'rollback.sqlite'));
    try {
      rollback.pragma('journal_mode = DELETE');
      rollback.exec(SCOPES_TABLE);
      assert.equal(WalIndexWatch.open(rollback), undefined);
      const memory = new SqliteDatabase(':memory:');
      assert.equal(WalIndexWatch.open(memory), undefined);
      memory.close();
    } finally {
      rollback.close();
    }
  });

  it('the clock sees every commit of another connection at the next reading, however they interleave', async () => {
    const clock = sqliteChangeClock(here);
    try {
      await fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.constant({ kind: 'read' as const }),
              fc.record({
                kind: fc.constant('commit' as const),
                scope: fc.constantFrom('org-a', 'org-b', GLOBAL),
              }),
              fc.constant({ kind: 'checkpoint' as const }),
              fc.constant({ kind: 'own' as const }),
            ),
            { maxLength: 40 },
          ),
          (steps) => {
            let reading = clock.read()!;
            let pending: string | undefined;
            for (const step of steps) {
              if (step.kind === 'commit') {
                stamp(other, step.scope);
                pending = step.scope;
              } else if (step.kind === 'checkpoint') {
                other.pragma('wal_checkpoint(TRUNCATE)');
              } else if (step.kind === 'own') {
                stamp(here, 'org-own');
                clock.advance(['org-own']);
                pending = 'org-own';
              } else {
                const now = clock.read();
                assert.notEqual(now, undefined);
                if (pending !== undefined) {
                  assert.ok(now! > reading, `a commit to ${pending} moves the clock on`);
                  assert.equal(clock.changedAt(pending), now, `and ${pending} changed at the new reading`);
                } else {
                  assert.equal(now, reading, 'no commit, no move');
                }
                reading = now!;
                pending = undefined;
              }
            }
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await clock.close();
    }
  });
});
