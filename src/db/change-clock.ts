/**
 * A change clock tells in-process caches when committed data they depend on may have changed, in
 * this process or in any other one using the same database (another `serve` or worker, the CLI).
 * Changes are told per scope: an organization's id for the rows of that organization (its
 * bookings, notes, events, …), or GLOBAL for what every cache may depend on (users,
 * memberships, integrations, grants and tokens changing). A commit in one organization leaves
 * the other organizations' cached values alone; tables no cache reads from (webhook
 * deliveries, sessions, idempotency keys) tell nothing at all. The scoped-changes migration
 * says which table tells what.
 * - SQLite: triggers stamp each changed scope with the next number of one sequence in
 *   `cache_scopes`; the clock reads what is newer than it has seen when `PRAGMA data_version`
 *   says another connection committed, or after a commit of its own. While the WAL index's header
 *   reads as it did when it last asked, nobody committed, and it does not ask (WalIndexWatch).
 * - PostgreSQL: triggers send the changed scopes as a `marquee_changes` notification on commit;
 *   this process's own writes report their scopes at once (src/db/connect.ts). Until the
 *   listening connection listens, and while it is lost, the clock reads `undefined`: changes
 *   cannot be followed, so nothing may be served from a cache.
 * A value cached under a reading is fresh while neither its scope nor GLOBAL changed after it.
 */
import type SqliteDatabase from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { type Clock, systemClock } from '../clock.js';
import { WalIndexWatch } from './wal-index-watch.js';

/** The scope every cached value depends on. */
export const GLOBAL = '*';

export interface ChangeClock {
  /** The current reading, or undefined when caching is unsafe now. */
  read(): number | undefined;
  /** When `scope` (or GLOBAL) last changed, as a reading; 0 when never since the clock began. */
  changedAt(scope: string): number;
  /**
   * Called after a write or commit through this process's connections, with the scopes it
   * changed when known (otherwise the clock finds out, or assumes everything changed).
   */
  advance(scopes?: readonly string[]): void;
  /**
   * PostgreSQL: a backend of this process's pool, which reports its own writes' scopes at once;
   * their notifications, arriving later, are not counted again. `false` when it goes away.
   */
  ownBackend?(pid: number, own: boolean): void;
  /**
   * PostgreSQL: resolves once every change committed before the call is in the readings. Another
   * process's commit arrives as a notification, which can come after a request sent once that
   * commit was done; a round trip on the listening connection brings every notification queued
   * before it first. Requests waiting at once share one round trip. Absent where readings are
   * never behind (SQLite asks the database file itself).
   */
  settle?(): Promise<void>;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'marquee_changes';

/** SQL that writes, or commits writes, and so must move the clock on. Conservative on purpose. */
const WRITING_SQL =
  /^\s*(?:insert|update|delete|replace|merge|truncate|commit|end|release|create|alter|drop|with)\b/i;

export function isWritingSql(sql: string): boolean {
  return WRITING_SQL.test(sql);
}

/** The newest change of each scope, as readings of one counter. */
class ScopeTimes {
  readonly #times = new Map<string, number>();
  latest = 0;

  set(scope: string, at: number): void {
    this.#times.set(scope, at);
    if (at > this.latest) this.latest = at;
  }

  get(scope: string): number {
    return Math.max(this.#times.get(scope) ?? 0, this.#times.get(GLOBAL) ?? 0);
  }
}

export function sqliteChangeClock(sqlite: SqliteDatabase.Database): ChangeClock {
  const times = new ScopeTimes();
  let seenDataVersion: unknown;
  let behind = true;
  let closed = false;
  let newer: SqliteDatabase.Statement | undefined;
  // data_version changes when another connection commits; never for this connection's own commits.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  // Asked once first, so that SQLite has made the -shm file the watch reads.
  dataVersion.get();
  const walIndex = WalIndexWatch.open(sqlite);

  /** Reads the scopes changed since the last reading; false when it cannot (no table yet). */
  const catchUp = (): boolean => {
    try {
      newer ??= sqlite.prepare('select scope, version from cache_scopes where version > ?').raw(true);
    } catch {
      return false; // Not migrated yet: nothing is cached until it is.
    }
    for (const [scope, version] of newer.all(times.latest) as Array<[string, number]>) {
      times.set(scope, version);
    }
    return true;
  };

  return {
    read() {
      if (closed || !sqlite.open) return undefined;
      // Read before asking SQLite, so that a commit landing meanwhile shows at the next reading.
      const unchanged = walIndex?.unchanged() ?? false;
      if (unchanged && !behind) return times.latest;
      const version = dataVersion.get();
      if (version !== seenDataVersion) behind = true;
      if (behind) {
        // Inside a transaction its own uncommitted stamps would show (and may be rolled back).
        if (sqlite.inTransaction || !catchUp()) return undefined;
        seenDataVersion = version;
        behind = false;
      }
      // Inside a transaction SQLite answers from its snapshot, which may predate the header read.
      if (!sqlite.inTransaction) walIndex?.remember();
      return times.latest;
    },
    changedAt: (scope) => times.get(scope),
    advance() {
      behind = true;
    },
    async close() {
      closed = true;
      walIndex?.close();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;
/** settle's round trips go at most this often. */
const SETTLE_SPACING_MS = 1;

export function postgresChangeClock(clientConfig: pg.ClientConfig, clock: Clock = systemClock): ChangeClock {
  const times = new ScopeTimes();
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let nextAttemptAt = 0;
  const own = new Set<number>();
  const changed = (scopes: readonly string[]) => {
    const at = times.latest + 1;
    for (const scope of scopes) times.set(scope, at);
  };

  const drop = (failed: pg.Client) => {
    if (client !== failed) return;
    listening = false;
    client = undefined;
    changed([GLOBAL]);
    nextAttemptAt = clock.now() + RECONNECT_DELAY_MS;
    failed.end().catch(() => {});
  };

  const listen = () => {
    if (closed || client || clock.now() < nextAttemptAt) return;
    const candidate = new pg.Client(clientConfig);
    client = candidate;
    candidate.on('notification', (message) => {
      if (own.has(message.processId)) return;
      // An empty payload comes from older triggers: anything may have changed.
      changed(message.payload ? message.payload.split(',') : [GLOBAL]);
    });
    candidate.on('error', () => drop(candidate));
    candidate.on('end', () => drop(candidate));
    candidate
      .connect()
      .then(() => candidate.query(`listen ${CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== candidate) return;
        // Anything may have changed while nobody listened.
        changed([GLOBAL]);
        listening = true;
      })
      .catch(() => drop(candidate));
  };

  // A round trip on the listening connection on its way, and the one to send after it: a
  // request that arrives while one is on its way needs the next, sent after it arrived. Under
  // load they go at most once a millisecond, so many requests share each; a request alone (none
  // sent in the last millisecond) is not held.
  let onItsWay: Promise<void> | undefined;
  let following: Promise<void> | undefined;
  let sentAt = -Infinity;
  const roundTrip = (listener: pg.Client) => {
    sentAt = performance.now();
    onItsWay = listener
      .query('select 1')
      .then(
        () => undefined,
        () => drop(listener),
      )
      .finally(() => {
        onItsWay = undefined;
      });
    return onItsWay;
  };
  const settle = (): Promise<void> => {
    const listener = client;
    if (!listening || !listener) return Promise.resolve();
    if (
      onItsWay === undefined &&
      following === undefined &&
      performance.now() - sentAt >= SETTLE_SPACING_MS
    ) {
      return roundTrip(listener);
    }
    following ??= (onItsWay ?? Promise.resolve()).then(async () => {
      const wait = sentAt + SETTLE_SPACING_MS - performance.now();
      if (wait > 0) await delay(wait);
      following = undefined;
      return settle();
    });
    return following;
  };

  return {
    read() {
      if (listening) return times.latest;
      listen();
      return undefined;
    },
    settle,
    changedAt: (scope) => times.get(scope),
    advance(scopes) {
      changed(scopes && scopes.length > 0 ? scopes : [GLOBAL]);
    },
    ownBackend(pid, isOwn) {
      if (isOwn) own.add(pid);
      else own.delete(pid);
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
