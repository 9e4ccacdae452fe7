/**
 * A change clock tells in-process caches when committed data may have changed, in this process
 * or in any other one using the same database (another `serve`, the CLI). Its reading moves on
 * after every write or commit made here, and:
 * - on SQLite, whenever `PRAGMA data_version` says another connection committed;
 * - on PostgreSQL, whenever a `marquee_changes` notification arrives (every table's statement
 *   trigger sends one; see the change-notify migration). The listening connection is opened on
 *   the first reading; until it listens, and while it is lost, the clock reads `undefined`:
 *   changes cannot be followed, so nothing may be served from a cache.
 * A cached value is fresh while the clock reads what it read before the value was loaded.
 */
import type SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { type Clock, systemClock } from '../clock.js';

export interface ChangeClock {
  /** The current reading, or undefined when caching is unsafe now. */
  read(): number | undefined;
  /** Called after a write or commit through this process's connections. */
  advance(): void;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'marquee_changes';

/** SQL that writes, or commits writes, and so must move the clock on. Conservative on purpose. */
const WRITING_SQL =
  /^\s*(?:insert|update|delete|replace|merge|truncate|commit|end|release|create|alter|drop|with)\b/i;

export function isWritingSql(sql: string): boolean {
  return WRITING_SQL.test(sql);
}

export function sqliteChangeClock(sqlite: SqliteDatabase.Database): ChangeClock {
  let reading = 0;
  let seenDataVersion: unknown;
  let closed = false;
  // data_version changes when another connection commits; never for this connection's own commits.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  return {
    read() {
      if (closed || !sqlite.open) return undefined;
      const version = dataVersion.get();
      if (version !== seenDataVersion) {
        seenDataVersion = version;
        reading += 1;
      }
      return reading;
    },
    advance() {
      reading += 1;
    },
    async close() {
      closed = true;
    },
  };
}

const RECONNECT_DELAY_MS = 1000;

export function postgresChangeClock(clientConfig: pg.ClientConfig, clock: Clock = systemClock): ChangeClock {
  let reading = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let nextAttemptAt = 0;

  const drop = (failed: pg.Client) => {
    if (client !== failed) return;
    listening = false;
    client = undefined;
    reading += 1;
    nextAttemptAt = clock.now() + RECONNECT_DELAY_MS;
    failed.end().catch(() => {});
  };

  const listen = () => {
    if (closed || client || clock.now() < nextAttemptAt) return;
    const candidate = new pg.Client(clientConfig);
    client = candidate;
    candidate.on('notification', () => {
      reading += 1;
    });
    candidate.on('error', () => drop(candidate));
    candidate.on('end', () => drop(candidate));
    candidate
      .connect()
      .then(() => candidate.query(`listen ${CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== candidate) return;
        // Anything may have changed while nobody listened.
        reading += 1;
        listening = true;
      })
      .catch(() => drop(candidate));
  };

  return {
    read() {
      if (listening) return reading;
      listen();
      return undefined;
    },
    advance() {
      reading += 1;
    },
    async close() {
      closed = true;
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
