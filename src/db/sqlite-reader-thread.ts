/**
 * The hottest read on SQLite, a list page's version keys (src/db/text-values.ts), run on a thread
 * of its own with its own read-only connection to the same file (src/db/sqlite-reader-worker.ts).
 * better-sqlite3's calls are synchronous, so on the one connection SQLite's walk of the index
 * takes the event loop's thread, which every request needs; on this thread it runs beside it, on
 * another core. A read there sees every commit made before it began, as on the one connection, and
 * never a transaction still open there (it reads the file, not the connection): a write's caller
 * is answered only after its commit, so whoever it told reads what it wrote.
 *
 * The reads asked for in one turn of the event loop go to the thread in one message, and their
 * answers come back in one. A read alone in its turn while the thread is idle (a client on its
 * own) is made on the connection, where it costs less time than the trip. `read` gives undefined
 * for it, and when the thread cannot answer (a statement failed there, or the thread stopped):
 * the caller then reads on its own connection. A thread that stopped is not started again.
 */
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as SqliteDatabaseLike } from 'kysely';
import type { Db } from './database.js';
import { valuesSqlOf } from './sqlite-statements.js';
import { readImmediately } from './text-values.js';

/** What the worker is sent: [id, sql, parameters] for each read of a batch, one after another. */
export type ReadBatch = unknown[];
/** What it answers: [id, the statement's text or null when it failed] for each read. */
export type ReadAnswers = Array<number | string | null>;

interface Pending {
  resolve: (text: string | undefined) => void;
}

const WORKER_URL = new URL('./sqlite-reader-worker.js', import.meta.url);

export class SqliteReaderThread {
  readonly #workerData: { file: string; busyTimeoutMs: number };
  readonly #connectionFree: () => boolean;
  #worker: Worker | undefined;
  #stopped = false;
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  #batch: ReadBatch | undefined;
  /** Reads the thread answered. */
  answered = 0;

  /**
   * `busyTimeoutMs`: how long a read waits for a lock, as on the writing connection.
   * `connectionFree`: whether the caller's connection could make a read at once (a read alone in
   * its turn, with the thread idle, is then left to it: the trip would only add latency).
   */
  constructor(file: string, busyTimeoutMs: number, connectionFree: () => boolean = () => false) {
    this.#workerData = { file, busyTimeoutMs };
    this.#connectionFree = connectionFree;
  }

  /**
   * The one text `sql` gives (a statement of one row and one column) with `parameters`, read on
   * the thread; undefined when it cannot answer.
   */
  read(sql: string, parameters: readonly unknown[]): Promise<string | undefined> {
    const worker = this.#started();
    if (worker === undefined) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve });
      if (this.#batch === undefined) {
        this.#batch = [];
        // The reads of this turn go together, after it.
        setImmediate(() => this.#send());
      }
      this.#batch.push(id, sql, parameters);
      worker.ref();
    });
  }

  /** Whether reads go to the thread (false once it stopped, or after close). */
  get running(): boolean {
    return !this.#stopped;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#stop();
    await worker?.terminate();
  }

  #started(): Worker | undefined {
    if (this.#stopped) return undefined;
    if (this.#worker === undefined) {
      const worker = new Worker(WORKER_URL, { workerData: this.#workerData });
      worker.unref();
      worker.on('message', (answers: ReadAnswers) => this.#answer(answers));
      worker.on('error', () => this.#stop());
      worker.on('exit', () => this.#stop());
      this.#worker = worker;
    }
    return this.#worker;
  }

  #send(): void {
    const batch = this.#batch;
    this.#batch = undefined;
    if (batch === undefined || this.#worker === undefined) return;
    if (batch.length === 3 && this.#pending.size === 1 && this.#connectionFree()) {
      // A read alone, the thread idle: nothing would run beside it, so it is made on the connection.
      this.#settle(batch[0] as number, undefined);
      return;
    }
    try {
      this.#worker.postMessage(batch);
    } catch {
      // A parameter the thread cannot be sent: each read of the batch is made on the connection.
      for (let i = 0; i < batch.length; i += 3) this.#settle(batch[i] as number, undefined);
    }
  }

  #answer(answers: ReadAnswers): void {
    for (let i = 0; i < answers.length; i += 2) {
      const text = answers[i + 1];
      if (typeof text === 'string') this.answered++;
      this.#settle(answers[i] as number, typeof text === 'string' ? text : undefined);
    }
  }

  #settle(id: number, text: string | undefined): void {
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
    pending.resolve(text);
  }

  /** No more reads go to the thread; those on their way are made on the connection. */
  #stop(): void {
    this.#stopped = true;
    this.#worker = undefined;
    this.#batch = undefined;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { resolve } of pending) resolve(undefined);
  }
}

/**
 * Marked reads of `db` (src/db/text-values.ts; never of its transactions) go to `reader`, which
 * sees what was committed. When it cannot answer, outside a transaction the read on the one
 * connection is one synchronous call, as Kysely would make it, whoever holds the connection
 * between its queries; inside one it would see uncommitted writes, so it waits for Kysely.
 */
export function readValuesOnThread(
  db: Db,
  sqlite: SqliteDatabase.Database,
  statements: SqliteDatabaseLike,
  reader: SqliteReaderThread,
): void {
  type Statement = ReturnType<SqliteDatabaseLike['prepare']>;
  const onConnection = (statement: Statement, parameters: readonly unknown[]) =>
    sqlite.inTransaction ? undefined : (statement.all(parameters) as unknown[]);
  readImmediately(db, (sql, parameters) => {
    const statement = statements.prepare(sql);
    if (!statement.reader) return undefined;
    const valuesSql = valuesSqlOf(statement);
    if (valuesSql === undefined || !reader.running) return onConnection(statement, parameters);
    return reader
      .read(valuesSql, parameters)
      .then((text) =>
        text === undefined ? onConnection(statement, parameters) : (JSON.parse(text) as unknown[]),
      );
  });
}
