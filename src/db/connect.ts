/**
 * Opens the database the configuration names: embedded SQLite (better-sqlite3, WAL) when no
 * DATABASE_URL is set, PostgreSQL through `pg` otherwise. Both hand back the same Kysely type;
 * nothing outside src/db/ knows which one it got.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TextValues } from './text-values.js';
import { type ChangeClock, isWritingSql, postgresChangeClock, sqliteChangeClock } from './change-clock.js';
import { isoFromPostgres } from './postgres-timestamps.js';
import { postgresTextValues, repeatedStatementName } from './postgres-statements.js';
import { type CheckpointBounds, SqliteCheckpointer } from './sqlite-checkpointer.js';
import { SqliteReaderThread, sqliteTextValues } from './sqlite-reader-thread.js';
import { PAGE_CACHE_PRAGMA } from './sqlite-settings.js';
import { withStatementCache } from './sqlite-statements.js';
import { WaitingSqliteDialect } from './sqlite-driver.js';
import { sqliteLongWrites } from './sqlite-long-writes.js';
import type { Database, Db, DialectName } from './database.js';
import type { Clock } from '../clock.js';

export interface DatabaseHandle {
  readonly db: Db;
  readonly dialect: DialectName;
  /** Where the data lives, for messages: a file path or the PostgreSQL URL without its password. */
  readonly location: string;
  /** PostgreSQL schema other than the search_path default, when one was named. */
  readonly schema?: string;
  /** Moves on when committed data may have changed, here or in another process (caches use it). */
  readonly changes: ChangeClock;
  /** The PostgreSQL pool's connections (for metrics); absent on SQLite. */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
  /** SQLite: the thread that reads a list page's version keys (src/db/sqlite-reader-thread.ts). */
  readonly reader?: SqliteReaderThread;
  /** SQLite: the thread that checkpoints the WAL (src/db/sqlite-checkpointer.ts). */
  readonly checkpointer?: SqliteCheckpointer;
  /** Reads one text column's values (src/db/text-values.ts): never inside a transaction. */
  readonly textValues: TextValues;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
  /** PostgreSQL schema to use instead of `public` (the test harness gives each file its own). */
  schema?: string;
  poolSize?: number;
  /** What the PostgreSQL listener judges its reconnect delay by (tests move it). */
  clock?: Clock;
  /** SQLite: how long a write waits for another connection's write lock (5 s). */
  busyTimeoutMs?: number;
  /** SQLite: when the WAL is checkpointed, and when emptied (tests make them small). */
  checkpoints?: CheckpointBounds;
}

export const SQLITE_FILE_NAME = 'marquee.sqlite';

export function openDatabase(options: OpenOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options);
}

function openSqlite(options: OpenOptions): DatabaseHandle {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.fileName ?? SQLITE_FILE_NAME);
  const sqlite = new SqliteDatabase(file);
  // WAL lets the CLI write while `serve` reads; writers wait on busy_timeout instead of failing.
  // synchronous=NORMAL in WAL mode keeps every committed transaction across a process kill.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(PAGE_CACHE_PRAGMA);
  const changes = sqliteChangeClock(sqlite);
  // After the change clock, which first made SQLite create the WAL index the checkpointer reads.
  const checkpointer = SqliteCheckpointer.open(sqlite, file, busyTimeoutMs, options.checkpoints);
  const statements = withStatementCache(sqlite, changes, checkpointer && (() => checkpointer.committed()));
  const longWrites = sqliteLongWrites(sqlite, file, busyTimeoutMs, changes, checkpointer);
  const db = new Kysely<Database>({
    // A write waits for another process's write lock without stopping this one, and for the long
    // units of work, which run on a connection of their own (src/db/sqlite-long-writes.ts).
    dialect: new WaitingSqliteDialect({ database: statements }, sqlite, busyTimeoutMs, () => longWrites.open),
  });
  longWrites.serve(db);
  const reader = new SqliteReaderThread(file, busyTimeoutMs);
  return {
    db,
    dialect: 'sqlite',
    location: file,
    changes,
    reader,
    checkpointer,
    textValues: sqliteTextValues(db, sqlite, reader),
    close: async () => {
      await Promise.all([longWrites.close(), reader.close()]);
      // Before the connection, whose close then checkpoints what is left and removes the WAL.
      await checkpointer?.close();
      await changes.close();
      await db.destroy();
    },
  };
}

const [TIMESTAMPTZ, TIMESTAMP, INT8] = [1184, 1114, 20];

/** Row values look the same as on SQLite: timestamps as ISO strings, counts as numbers. */
function typeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return isoFromPostgres;
  if (oid === INT8) return (value) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text');
}

function openPostgres(databaseUrl: string, options: OpenOptions): DatabaseHandle {
  const clientConfig: pg.ClientConfig = {
    connectionString: databaseUrl,
    types: { getTypeParser: typeParser } as pg.CustomTypesConfig,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 10 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const changes = postgresChangeClock(clientConfig, options.clock);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: advancingOnWrites(pool, changes) }),
  });
  const url = new URL(databaseUrl);
  url.password = '';
  const schema =
    options.schema ?? /search_path=([A-Za-z0-9_]+)/.exec(url.searchParams.get('options') ?? '')?.[1];
  return {
    db,
    dialect: 'postgres',
    location: url.href,
    schema,
    changes,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    textValues: (text, parameters) => postgresTextValues(pool, text, parameters),
    close: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

const BEGIN_SQL = /^\s*(?:begin|start\s+transaction)\b/i;
/** The end of a transaction (not `rollback to savepoint`, which continues it). */
const END_SQL = /^\s*(?:commit|end|rollback(?!\s+to\b)|abort)\b/i;
const COMMIT_SQL = /^\s*commit\s*;?\s*$/i;
/** Reads and clears the scopes this session's committed writes changed (the scoped-changes migration). */
const TAKE_SCOPES = `select current_setting('marquee.changed_scopes', true) as scopes,
  set_config('marquee.changed_scopes', '', false) as cleared`;

/**
 * Queries that write, or commit, move the change clock on once they have completed: by the
 * scopes they changed, which the triggers left in the session (read in the same round trip as
 * a COMMIT, in one more after a write outside a transaction); by everything when those cannot be
 * read. Hot statements run prepared by name (src/db/postgres-statements.ts).
 */
function advancingOnWrites(pool: pg.Pool, changes: ChangeClock) {
  const instrumented = new WeakSet<pg.PoolClient>();
  const backend = (client: pg.PoolClient) => (client as unknown as { processID?: number }).processID;
  pool.on('remove', (client) => {
    const pid = backend(client);
    if (pid !== undefined) changes.ownBackend?.(pid, false);
  });
  return {
    async connect() {
      const client = await pool.connect();
      if (!instrumented.has(client)) {
        instrumented.add(client);
        const pid = backend(client);
        if (pid !== undefined) changes.ownBackend?.(pid, true);
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        let inTransaction = false;
        let wrote = false;
        client.query = (async (...args: unknown[]) => {
          const text = args[0];
          if (typeof text !== 'string') return query(...args);
          if (BEGIN_SQL.test(text)) {
            inTransaction = true;
            wrote = false;
            return query(...args);
          }
          const run = () => {
            const name =
              Array.isArray(args[1]) && args[1].length > 0 ? repeatedStatementName(text) : undefined;
            return name === undefined ? query(...args) : query({ name, text, values: args[1] });
          };
          const ends = END_SQL.test(text);
          if (ends && wrote && COMMIT_SQL.test(text)) {
            // The commit and the reading of its scopes in one round trip (one simple query).
            inTransaction = false;
            wrote = false;
            return commitAndReport(query, text, changes);
          }
          const writes = isWritingSql(text);
          if (!ends && !writes) return run();
          try {
            return await run();
          } finally {
            if (ends) inTransaction = false;
            if (!inTransaction && (writes || wrote)) await reportScopes(query, changes);
            else if (writes) wrote = true;
            if (ends) wrote = false;
          }
        }) as typeof client.query;
      }
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * Reads the scopes the transaction changed and commits it with `text`, in one round trip. The
 * scopes are read first (every statement's triggers have run by then), so an error means nothing
 * was committed: a failed read never reports a commit that happened as failed.
 */
async function commitAndReport(
  query: (...args: unknown[]) => Promise<unknown>,
  text: string,
  changes: ChangeClock,
): Promise<unknown> {
  let results: Array<{ rows: Array<{ scopes?: string | null }> }>;
  try {
    results = (await query(`${TAKE_SCOPES}; ${text.trim().replace(/;$/, '')}`)) as typeof results;
  } catch (error) {
    // Nothing was committed; moving every scope on is only cautious.
    changes.advance();
    throw error;
  }
  const scopes = results[0]?.rows[0]?.scopes;
  if (scopes) changes.advance(scopes.split(','));
  else if (scopes === undefined) changes.advance();
  return results[1];
}

async function reportScopes(query: (...args: unknown[]) => Promise<unknown>, changes: ChangeClock) {
  try {
    const result = (await query(TAKE_SCOPES)) as { rows: Array<{ scopes: string | null }> };
    const scopes = result.rows[0]?.scopes;
    if (scopes) changes.advance(scopes.split(','));
  } catch {
    changes.advance();
  }
}
