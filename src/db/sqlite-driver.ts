/**
 * Kysely's SQLite driver, but a write transaction that meets another process's write lock waits
 * for it without holding up the process. SQLite's own busy handler sleeps inside the call that
 * met the lock, and better-sqlite3's calls are synchronous, so the whole event loop stopped
 * with it: a `--workers` sibling's commit stalled every request of its neighbours for a
 * millisecond or more, and a long CLI import could stall `serve` for seconds. Here `begin
 * immediate` is tried without waiting; while another connection holds the lock, the driver lets
 * go of the connection (so reads and cached requests go on), waits a moment on a timer and tries
 * again, up to the busy timeout, after which it fails with SQLITE_BUSY as SQLite would have. While
 * the lock is held by the process's own long write (src/db/sqlite-long-writes.ts), it waits for
 * that to end, however long it takes, and then as before: a write never fails for its own process.
 * Everything else is Kysely's SqliteDriver.
 */
import type SqliteDatabase from 'better-sqlite3';
import { isWritingSql } from './change-clock.js';
import { type TryBeginWriting, tryBeginWriting } from './sqlite-settings.js';
import {
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** Pauses between tries, in ms: the next turn of the event loop first, then longer, up to 20 ms. */
export const PAUSES = [0, 1, 2, 5, 10, 20];

export const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/** One holder at a time, in turn (a connection). */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
  }

  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

/** While the process's own long write holds (or is taking) the write lock: settles when it ends. */
export type OwnLongWrite = () => Promise<void> | undefined;

/** `begin immediate` without waiting: false when another connection holds the write lock. */

class WaitingSqliteDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #mutex = new Mutex();
  readonly #tryBegin: TryBeginWriting;
  readonly #busyTimeoutMs: number;
  readonly #ownLongWrite: OwnLongWrite;
  readonly #inTransaction: () => boolean;
  #connection: DatabaseConnection | undefined;
  /** Whether the connection's holder ran a query since it took it. */
  #used = false;

  constructor(
    config: SqliteDialectConfig,
    tryBegin: TryBeginWriting,
    busyTimeoutMs: number,
    [ownLongWrite, inTransaction]: [OwnLongWrite, () => boolean],
  ) {
    this.#inner = new SqliteDriver(config);
    this.#tryBegin = tryBegin;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#ownLongWrite = ownLongWrite;
    this.#inTransaction = inTransaction;
  }

  async init(): Promise<void> {
    await this.#inner.init();
    // The inner driver's one connection, taken for good: this driver's mutex hands it out.
    const inner = await this.#inner.acquireConnection();
    this.#connection = {
      executeQuery: (query) => {
        if (this.#ownLongWrite() !== undefined && !this.#inTransaction() && isWritingSql(query.sql)) {
          return this.#afterLongWrite(() => inner.executeQuery(query));
        }
        this.#used = true;
        return inner.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => {
        this.#used = true;
        return inner.streamQuery(query, chunkSize);
      },
    };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    this.#used = false;
    return this.#connection!;
  }

  async beginTransaction(): Promise<void> {
    let deadline = Date.now() + this.#busyTimeoutMs;
    // A holder that ran queries first (`db.connection()`) keeps the connection while it waits.
    const mayLetGo = !this.#used;
    // The process's own long write first, once it is beginning: a write begun now would keep it waiting.
    for (let own = this.#ownLongWrite(); own !== undefined; own = this.#ownLongWrite()) {
      await this.#waitFor(own, mayLetGo);
    }
    for (let attempt = 0; !this.#tryBegin(); attempt++) {
      const own = this.#ownLongWrite();
      if (own === undefined && Date.now() >= deadline) {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      }
      // The process's own long write: until it ends, then the busy timeout again.
      if (own !== undefined) deadline = Infinity;
      else if (deadline === Infinity) deadline = Date.now() + this.#busyTimeoutMs;
      await this.#waitFor(own ?? pause(PAUSES[Math.min(attempt, PAUSES.length - 1)]!), mayLetGo);
    }
  }

  /**
   * Runs a write outside a transaction once the process's own long write has ended, as a begin
   * waits for it (a long write begins only from this thread: none takes the lock before `run`).
   */
  async #afterLongWrite<T>(run: () => Promise<T>): Promise<T> {
    const mayLetGo = !this.#used;
    for (let own = this.#ownLongWrite(); own !== undefined; own = this.#ownLongWrite()) {
      await this.#waitFor(own, mayLetGo);
    }
    this.#used = true;
    return run();
  }

  /** Waits for `wait`, the connection free for others meanwhile if its holder `mayLetGo` of it. */
  async #waitFor(wait: Promise<void>, mayLetGo: boolean): Promise<void> {
    if (!mayLetGo) return wait;
    // It holds no transaction yet, nor anything its holder read.
    this.#mutex.unlock();
    await wait;
    await this.#mutex.lock();
    this.#used = false;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#inner.savepoint(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#inner.rollbackToSavepoint(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#inner.releaseSavepoint(connection, name, compile);
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.#inner.releaseConnection();
    await this.#inner.destroy();
  }
}

/**
 * Kysely's SqliteDialect with the driver above, for `database` (the statements Kysely runs) on
 * the connection `sqlite`, whose busy timeout is `busyTimeoutMs`; `ownLongWrite` tells the process's
 * own long write, which its writes wait for.
 */
export class WaitingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #tryBegin: TryBeginWriting;
  readonly #busyTimeoutMs: number;
  readonly #ownLongWrite: OwnLongWrite;
  readonly #sqlite: SqliteDatabase.Database;

  constructor(
    config: SqliteDialectConfig,
    sqlite: SqliteDatabase.Database,
    busyTimeoutMs: number,
    ownLongWrite: OwnLongWrite = () => undefined,
  ) {
    super(config);
    this.#config = config;
    this.#tryBegin = tryBeginWriting(sqlite, busyTimeoutMs);
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#ownLongWrite = ownLongWrite;
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.#config, this.#tryBegin, this.#busyTimeoutMs, [
      this.#ownLongWrite,
      () => this.#sqlite.inTransaction,
    ]);
  }
}
