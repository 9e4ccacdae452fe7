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
 * own) is made on the connection when it is free, where it costs less time than the trip. When the
 * thread cannot answer (a statement failed there, or the thread stopped), `read` gives undefined
 * and the caller reads on its own connection. A thread that stopped is not started again.
 */
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { Db } from './database.js';
import { valuesStatements } from './sqlite-statements.js';
import type { TextValues } from './text-values.js';

/** What the worker is sent: [id, sql, parameters] for each read of a batch, one after another. */
export type ReadBatch = unknown[];
/** What it answers: [id, the statement's text or null when it failed] for each read. */
export type ReadAnswers = Array<number | string | null>;

interface Pending {
  resolve: (text: string | undefined) => void;
  reject: (error: unknown) => void;
  /** The read made on the caller's connection, when it can be made there now. */
  here: (() => string | undefined) | undefined;
}

const NOTHING = () => {};

/**
 * A read settled lets go of what it refers to first. `#pending` is a Map that grows and shrinks
 * with every batch, and each time it does V8 gives it a new table, leaving the old one, with every
 * read that was waiting then, in the old generation until the next full collection. A read that
 * still held its promise there would keep the promise's value (a page's version keys), and the
 * request waiting on it, alive through each young-generation collection: about 1.7 KB a read
 * promoted to the old generation, and those collections twice as long.
 */
function resolveRead(pending: Pending, text: string | undefined): void {
  const { resolve } = pending;
  release(pending);
  resolve(text);
}

function rejectRead(pending: Pending, error: unknown): void {
  const { reject } = pending;
  release(pending);
  reject(error);
}

function release(pending: Pending): void {
  pending.resolve = NOTHING;
  pending.reject = NOTHING;
  pending.here = undefined;
}

const WORKER_URL = new URL('./sqlite-reader-worker.js', import.meta.url);

export class SqliteReaderThread {
  readonly #workerData: { file: string; busyTimeoutMs: number };
  #worker: Worker | undefined;
  #stopped = false;
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  #batch: ReadBatch | undefined;
  /** Reads the thread answered. */
  answered = 0;

  /** `busyTimeoutMs`: how long a read waits for a lock, as on the writing connection. */
  constructor(file: string, busyTimeoutMs: number) {
    this.#workerData = { file, busyTimeoutMs };
  }

  /**
   * The one text `sql` gives (a statement of one row and one column) with `parameters`: read on
   * the thread, or by `here` (the same read on the caller's connection, or undefined when that
   * cannot read now) when it is alone in its turn and the thread idle. Undefined when neither
   * answered: the thread cannot, and `here` could not.
   */
  read(
    sql: string,
    parameters: readonly unknown[],
    here?: () => string | undefined,
  ): Promise<string | undefined> {
    if (this.#stopped) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject, here });
      if (this.#batch === undefined) {
        this.#batch = [];
        // The reads of this turn go together, after it.
        setImmediate(() => this.#send());
      }
      this.#batch.push(id, sql, parameters);
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

  #send(): void {
    const batch = this.#batch;
    this.#batch = undefined;
    if (batch === undefined || this.#stopped) return;
    const id = batch[0] as number;
    const alone = this.#pending.get(id);
    if (batch.length === 3 && this.#pending.size === 1 && alone?.here !== undefined) {
      // A read alone, the thread idle: nothing would run beside it, so it is made here if it can be.
      let text: string | undefined;
      try {
        text = alone.here();
      } catch (error) {
        this.#pending.delete(id);
        rejectRead(alone, error);
        return;
      }
      if (text !== undefined) {
        this.#pending.delete(id);
        resolveRead(alone, text);
        return;
      }
    }
    const worker = this.#started();
    try {
      worker.postMessage(batch);
      worker.ref();
    } catch {
      // A parameter the thread cannot be sent: each read of the batch is made on the connection.
      for (let i = 0; i < batch.length; i += 3) this.#settle(batch[i] as number, undefined);
    }
  }

  #started(): Worker {
    if (this.#worker === undefined) {
      // Not the process's Node options (`--input-type`, `--cpu-prof` and the like are not its).
      const worker = new Worker(WORKER_URL, { workerData: this.#workerData, execArgv: [] });
      worker.unref();
      worker.on('message', (answers: ReadAnswers) => this.#answer(answers));
      worker.on('messageerror', () => this.#stop('a message from it could not be read'));
      // What the thread threw may reach here as a plain object (its class did not cross over).
      worker.on('error', (error: unknown) =>
        this.#stop(String((error as Error | undefined)?.message ?? error)),
      );
      worker.on('exit', (code) => this.#stop(`it exited with ${code}`));
      this.#worker = worker;
    }
    return this.#worker;
  }

  #answer(answers: ReadAnswers): void {
    for (let i = 0; i < answers.length; i += 2) {
      const text = answers[i + 1];
      const answered = typeof text === 'string' ? text : undefined;
      if (this.#settle(answers[i] as number, answered) && answered !== undefined) this.answered++;
    }
  }

  /** Whether the read `id` was waiting (and now has `text`). */
  #settle(id: number, text: string | undefined): boolean {
    const pending = this.#pending.get(id);
    if (pending === undefined) return false;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
    resolveRead(pending, text);
    return true;
  }

  /**
   * No more reads go to the thread; those on their way are made on the connection. `why`, when
   * the thread stopped of itself, is told once as a process warning.
   */
  #stop(why?: string): void {
    if (why !== undefined && !this.#stopped) {
      const message = `The SQLite reader thread stopped (${why}); list pages are read on the connection.`;
      process.emitWarning(message, { code: 'MARQUEE_SQLITE_READER_STOPPED' });
    }
    this.#stopped = true;
    this.#worker = undefined;
    this.#batch = undefined;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const read of pending) resolveRead(read, undefined);
  }
}

/**
 * Text-values reads of the database (src/db/text-values.ts; never of its transactions), made by
 * `reader`, which sees what was committed. A read the thread leaves to the connection (alone in
 * its turn), or cannot make, is one synchronous call there when it is in no transaction, as Kysely
 * would make it, whoever holds the connection between its queries; inside one it would see
 * uncommitted writes, so it waits for Kysely's connection.
 */
export function sqliteTextValues(
  db: Db,
  sqlite: SqliteDatabase.Database,
  reader: SqliteReaderThread,
): TextValues {
  const statementOf = valuesStatements(sqlite);
  return async (sql, parameters) => {
    const values = statementOf(sql);
    const here = () => (sqlite.inTransaction ? undefined : values.valuesText(parameters));
    const text = reader.running
      ? ((await reader.read(values.valuesSql, parameters, here)) ?? here())
      : here();
    if (text !== undefined) return JSON.parse(text) as Array<string | null>;
    return db
      .connection()
      .execute(async () => JSON.parse(values.valuesText(parameters)) as Array<string | null>);
  };
}
