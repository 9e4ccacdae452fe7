/**
 * SQLite's long units of work (a change of a custom field's type over every record: SPEC §19),
 * run on a connection of their own in a thread of their own (src/db/sqlite-long-write-worker.ts),
 * as the checkpoints and the list pages' reader already are. better-sqlite3's calls are
 * synchronous: on the process's one connection, each statement of such a unit of work, and above
 * all its COMMIT (which re-reads every WAL frame written since the first page spilled and was
 * written again, to chain their checksums: hundreds of milliseconds over 100,000 records,
 * docs/decisions/0020-custom-fields.md), held the event loop for its whole time. Here the commands'
 * code still runs on the loop, and each statement runs on the thread while the loop turns.
 *
 * The transaction stays one unit of work: begun (`begin immediate`), run and committed or rolled
 * back on the thread's one connection. While it is open, the process's other writes wait for it
 * on the loop, however long it takes (src/db/sqlite-driver.ts), never failing for it; it waits for
 * a transaction of the process's connection likewise, and for another process's lock up to the
 * busy timeout, as any write. Once it ends, `committed` brings the process's change clock and
 * checkpoints current, as a commit of its connection does.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { type ChangeClock, isWritingSql } from './change-clock.js';
import type { Db } from './database.js';
import { Mutex, pause, PAUSES } from './sqlite-driver.js';
import { type ThreadConnection, threadDatabase } from './sqlite-long-write-driver.js';

/** What the thread is sent: one statement (`begin`: try to take the write lock without waiting). */
export type LongWriteAsk = [id: number, kind: 'begin' | 'query', sql: string, parameters: readonly unknown[]];
/** What it answers: the statement's result, or its error. */
export type LongWriteAnswer = [id: number, result: unknown, error: { message: string; code?: string } | null];

/** The database each database's long units of work run on (src/db/long-writes.ts). */
export const LONG_WRITES = new WeakMap<Db, Db>();

const WORKER_URL = new URL('./sqlite-long-write-worker.js', import.meta.url);

export interface LongWriteOptions {
  file: string;
  busyTimeoutMs: number;
  /** Whether the thread's connection checkpoints after its commits (no checkpointer thread). */
  checkpoints: boolean;
  /** Whether the process's own connection is in a write transaction now. */
  ownWriting: () => boolean;
  /** Called after each commit made on the thread. */
  committed: () => void;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

export class SqliteLongWrites implements ThreadConnection {
  /** The database whose transactions run on the thread. */
  readonly db: Db;
  readonly #options: LongWriteOptions;
  readonly #mutex = new Mutex();
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #worker: Worker | undefined;
  #inTransaction = false;
  #ended: Promise<void> | undefined;
  #end: (() => void) | undefined;

  constructor(options: LongWriteOptions) {
    this.#options = options;
    this.db = threadDatabase(this);
  }

  /** Has `db`'s long units of work run here (src/db/long-writes.ts). */
  serve(db: Db): void {
    LONG_WRITES.set(db, this.db);
  }

  /** While a transaction of the thread is open (or beginning): settles when it has ended. */
  get open(): Promise<void> | undefined {
    return this.#ended;
  }

  readonly connection: DatabaseConnection = {
    executeQuery: async <Row>(query: CompiledQuery): Promise<QueryResult<Row>> => {
      const result = (await this.#ask('query', query.sql, query.parameters)) as QueryResult<Row>;
      if (!this.#inTransaction && isWritingSql(query.sql)) this.#options.committed();
      return result;
    },
    streamQuery: () => {
      throw new Error('Long writes do not stream queries.');
    },
  };

  lock = () => this.#mutex.lock();
  unlock = () => this.#mutex.unlock();

  /**
   * Takes the write lock on the thread's connection: waiting for the process's own transaction
   * however long it lasts, and for another process's up to the busy timeout.
   */
  async begin(): Promise<void> {
    this.#ended = new Promise<void>((resolve) => (this.#end = resolve));
    try {
      let deadline = Date.now() + this.#options.busyTimeoutMs;
      for (let attempt = 0; !(await this.#ask('begin', 'begin immediate', [])); attempt++) {
        // The process's own transaction, however long; the busy timeout counts from its end.
        if (this.#options.ownWriting()) deadline = Date.now() + this.#options.busyTimeoutMs;
        else if (Date.now() >= deadline) {
          throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        }
        await pause(PAUSES[Math.min(attempt, PAUSES.length - 1)]!);
      }
      this.#inTransaction = true;
    } catch (error) {
      this.#ending();
      throw error;
    }
  }

  /** Commits or rolls back the thread's transaction. */
  async end(how: 'commit' | 'rollback'): Promise<void> {
    try {
      await this.#ask('query', how, []);
    } finally {
      this.#inTransaction = false;
      if (how === 'commit') this.#options.committed();
      this.#ending();
    }
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #ending(): void {
    const end = this.#end;
    this.#ended = undefined;
    this.#end = undefined;
    end?.();
  }

  #ask(kind: LongWriteAsk[1], sql: string, parameters: readonly unknown[]): Promise<unknown> {
    const worker = this.#started();
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage([id, kind, sql, parameters] satisfies LongWriteAsk);
    });
  }

  #started(): Worker {
    if (this.#worker === undefined) {
      const { file, busyTimeoutMs, checkpoints } = this.#options;
      // Not the process's Node options (`--cpu-prof` and the like are not its).
      const worker = new Worker(WORKER_URL, {
        workerData: { file, busyTimeoutMs, checkpoints },
        execArgv: [],
      });
      worker.unref();
      worker.on('message', ([id, result, error]: LongWriteAnswer) => {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        if (this.#pending.size === 0) worker.unref();
        if (error) pending?.reject(Object.assign(new Error(error.message), { code: error.code }));
        else pending?.resolve(result);
      });
      const stopped = (why: unknown) => {
        if (this.#worker === worker) this.#worker = undefined;
        const pending = [...this.#pending.values()];
        this.#pending.clear();
        const error = new Error(`The SQLite long-write thread stopped (${String(why)}).`);
        for (const { reject } of pending) reject(error);
      };
      worker.on('error', (error: unknown) => stopped((error as Error | undefined)?.message ?? error));
      worker.on('messageerror', () => stopped('a message from it could not be read'));
      worker.on('exit', (code) => stopped(`it exited with ${code}`));
      this.#worker = worker;
    }
    return this.#worker;
  }
}

/** The long writes of the connection `sqlite` to `file`, its change clock and checkpoints told of their commits. */
export function sqliteLongWrites(
  sqlite: { readonly inTransaction: boolean },
  file: string,
  busyTimeoutMs: number,
  changes: ChangeClock,
  checkpointer: { committed(): void } | undefined,
): SqliteLongWrites {
  return new SqliteLongWrites({
    file,
    busyTimeoutMs,
    checkpoints: checkpointer === undefined,
    ownWriting: () => sqlite.inTransaction,
    committed: () => {
      changes.advance();
      checkpointer?.committed();
    },
  });
}
