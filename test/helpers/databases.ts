/**
 * Every test file runs on a fresh SQLite file, and again on a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set. Nothing is shared between files; each database is dropped afterwards.
 * Under scripts/run-tests.js each starts as a copy of one migrated before the run
 * (database-templates.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { RawBuilder } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import type { Database, Db, DialectName } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminQuery, copySqliteTemplate, postgresTemplateClause } from './database-templates.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const POSTGRES_SKIP_REASON = 'PostgreSQL half skipped: TEST_DATABASE_URL is not set';

/** A database prepared for one test file: its handle, and how a child process reaches it. */
export interface TestDatabase {
  readonly dialect: DialectName;
  readonly handle: DatabaseHandle;
  readonly db: Db;
  /** Environment for a `marquee` process that should use this same database. */
  readonly env: Record<string, string>;
  dispose(): Promise<void>;
}

async function sqliteDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-test-'));
  copySqliteTemplate(dataDir);
  const handle = openDatabase({ dataDir });
  return {
    dialect: 'sqlite',
    handle,
    db: handle.db,
    env: { MARQUEE_DATA_DIR: dataDir, DATABASE_URL: '' },
    async dispose() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database per test file (not a schema): Kysely's migrator introspects every schema of its
 * database, which races with other files dropping theirs; databases are fully apart.
 */
async function postgresDatabase(): Promise<TestDatabase> {
  const name = `marquee_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(TEST_DATABASE_URL!, `create database ${name}${postgresTemplateClause()}`);
      break;
    } catch (error) {
      // Concurrent CREATE DATABASE from one template may be refused for a moment.
      if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir(), poolSize: 5 });
  return {
    dialect: 'postgres',
    handle,
    db: handle.db,
    env: { DATABASE_URL: url.href },
    async dispose() {
      await handle.close();
      await adminQuery(TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const database = dialect === 'sqlite' ? await sqliteDatabase() : await postgresDatabase();
  await migrateToLatest(database.handle);
  return database;
}

export interface DatabaseSuite {
  /** The database of the running suite (available from `before` on). */
  readonly database: TestDatabase;
  readonly db: Db;
}

/**
 * Declares the suite on one database: `fn` registers tests; the suite's database is created before
 * them and dropped after them. PostgreSQL's suite is skipped, with the reason, without TEST_DATABASE_URL.
 */
export function onDatabase(dialect: DialectName, fn: (suite: DatabaseSuite) => void): void {
  const skip = dialect === 'postgres' && !TEST_DATABASE_URL ? POSTGRES_SKIP_REASON : false;
  describe(dialect, { skip }, () => {
    let current: TestDatabase | undefined;
    const suite: DatabaseSuite = {
      get database() {
        if (!current) throw new Error('the test database is not ready yet; use it inside tests or hooks');
        return current;
      },
      get db() {
        return suite.database.db;
      },
    };
    before(async () => {
      current = await createTestDatabase(dialect);
    });
    after(async () => {
      await current?.dispose();
    });
    fn(suite);
  });
}

/** Declares the suite once per database. */
export function eachDatabase(fn: (suite: DatabaseSuite) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) onDatabase(dialect, fn);
}

/** How many rows `table` holds. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table as 'oauth_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * A write transaction on `db` that has run `statement` and stays open, uncommitted, until
 * `release` is called; `committed` settles once it has committed.
 */
export async function heldWriteTransaction(
  db: Db,
  statement: RawBuilder<unknown>,
): Promise<{ release: () => void; committed: Promise<void> }> {
  let release!: () => void;
  let ran!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const didRun = new Promise<void>((resolve) => (ran = resolve));
  const committed = db.transaction().execute(async (trx) => {
    await statement.execute(trx);
    ran();
    await held;
  });
  await Promise.race([didRun, committed]);
  return { release, committed };
}
