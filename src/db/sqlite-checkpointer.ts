/**
 * WAL checkpoints on a thread of their own (src/db/sqlite-checkpoint-worker.ts), off the request
 * path. SQLite's own checkpoint runs inside the commit that took the WAL past 1,000 pages:
 * copying those pages into the file and syncing it took that write, and the event loop with it,
 * 10 to 20 ms (the events venue's write p99). Here the writing connection never checkpoints
 * (`wal_autocheckpoint = 0`); after each of its commits the WAL index's header says, for one
 * `pread`, how many pages the WAL holds and how many of them are in the file already, and when
 * 1,000 wait the thread copies them (PASSIVE: beside the writers, who go on appending), and
 * again what was written meanwhile until it has caught up. The next write that begins once every
 * page is copied starts the WAL again from its beginning, as after SQLite's own checkpoint.
 *
 * A WAL that writes keep growing is never all copied, so it never starts again: past 64 MB the
 * thread copies what it can, then takes the write lock for the rest and empties the file
 * (TRUNCATE), waiting for readers of the WAL 25 ms at most: a long reader (an export) makes it
 * give up for now and try again after a later commit, rather than hold every write back. Writers
 * wait meanwhile, on timers (src/db/sqlite-driver.ts), not holding up the event loop.
 *
 * Each process that writes has its own thread, started by its first checkpoint (a process that
 * writes little never starts one), and only its own commits wake it. Two processes' checkpoints
 * of one file do no harm: SQLite lets one at a time copy, and a PASSIVE checkpoint that finds
 * another running gives up at once without waiting. The thread does not keep the process alive;
 * closing the database ends it. If it stops by itself, the connection checkpoints as SQLite would.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { walIndexFile } from './wal-index-watch.js';

export type CheckpointJob = 'PASSIVE' | 'TRUNCATE';
/** What the thread answers: SQLite's row for the checkpoint, or why it failed. */
export type CheckpointReport = { job: CheckpointJob } & (
  { busy: number; log: number; checkpointed: number } | { error: string }
);

export interface CheckpointBounds {
  /** Pages in the WAL not yet in the file that start a checkpoint (SQLite's own default: 1,000). */
  pages: number;
  /** The WAL's size past which it is emptied (TRUNCATE). */
  walBytes: number;
}

export const CHECKPOINT_BOUNDS: CheckpointBounds = { pages: 1000, walBytes: 64 * 2 ** 20 };

/** SQLite's default `wal_autocheckpoint`, given back to the connection when the thread stops. */
const SQLITE_AUTOCHECKPOINT = 1000;

/**
 * The WAL index's two header copies and the checkpoint information after them
 * (https://sqlite.org/walformat.html), in the machine's byte order.
 */
const WAL_INDEX_READ = 100;
const HEADER_BYTES = 48;
const IS_INIT = 12;
const PAGE_SIZE = 14;
const MAX_FRAME = 16;
const BACKFILLED = 96;
const LITTLE_ENDIAN = os.endianness() === 'LE';

const WORKER_URL = new URL('./sqlite-checkpoint-worker.js', import.meta.url);

export class SqliteCheckpointer {
  readonly #sqlite: SqliteDatabase.Database;
  readonly #walIndex: string;
  readonly #bounds: CheckpointBounds;
  readonly #workerData: { file: string; busyTimeoutMs: number };
  readonly #header = Buffer.alloc(WAL_INDEX_READ);
  /** The WAL index, open once a commit first looks; null when it cannot be read. */
  #fd: number | null | undefined;
  #worker: Worker | undefined;
  #inFlight = false;
  #stopped = false;
  /** Checkpoints that copied every page the WAL held when they ran. */
  checkpoints = 0;
  /** Of those, the ones that emptied the WAL (TRUNCATE). */
  truncations = 0;

  /**
   * The checkpointer of `sqlite`, the writing connection to `file`, which from now on leaves its
   * checkpoints to it; undefined when the file has no WAL (the connection keeps checkpointing).
   */
  static open(
    sqlite: SqliteDatabase.Database,
    file: string,
    busyTimeoutMs: number,
    bounds = CHECKPOINT_BOUNDS,
  ): SqliteCheckpointer | undefined {
    const walIndex = walIndexFile(sqlite);
    if (walIndex === undefined) return undefined;
    sqlite.pragma('wal_autocheckpoint = 0');
    return new SqliteCheckpointer(sqlite, walIndex, bounds, { file, busyTimeoutMs });
  }

  private constructor(
    sqlite: SqliteDatabase.Database,
    walIndex: string,
    bounds: CheckpointBounds,
    workerData: { file: string; busyTimeoutMs: number },
  ) {
    this.#sqlite = sqlite;
    this.#walIndex = walIndex;
    this.#bounds = bounds;
    this.#workerData = workerData;
  }

  /** Whether checkpoints are left to the thread (false once it stopped, or after close). */
  get running(): boolean {
    return !this.#stopped;
  }

  /** Whether the thread is started now. */
  get started(): boolean {
    return this.#worker !== undefined;
  }

  /** Called after each commit of the writing connection: asks for a checkpoint when one is due. */
  committed(): void {
    if (this.#stopped || this.#inFlight) return;
    const job = this.#due();
    if (job === undefined) return;
    this.#inFlight = true;
    this.#started().postMessage(job);
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#stopped = true;
    this.#worker = undefined;
    if (typeof this.#fd === 'number') closeSync(this.#fd);
    this.#fd = null;
    if (worker === undefined) return;
    // The thread finishes a checkpoint it began, closes its connection and ends.
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  /** The checkpoint the WAL index's header calls for, if any. */
  #due(): CheckpointJob | undefined {
    if (this.#fd === undefined) {
      try {
        this.#fd = openSync(this.#walIndex, 'r');
      } catch {
        this.#fd = null;
      }
    }
    if (this.#fd === null) return undefined;
    const header = this.#header;
    let read: number;
    try {
      read = readSync(this.#fd, header, 0, WAL_INDEX_READ, 0);
    } catch {
      return undefined;
    }
    // A header being written (its two copies differ) is read again at the next commit.
    if (read !== WAL_INDEX_READ || header[IS_INIT] !== 1) return undefined;
    if (header.compare(header, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return undefined;
    const u32 = (offset: number) =>
      LITTLE_ENDIAN ? header.readUInt32LE(offset) : header.readUInt32BE(offset);
    const u16 = LITTLE_ENDIAN ? header.readUInt16LE(PAGE_SIZE) : header.readUInt16BE(PAGE_SIZE);
    const pageSize = u16 === 1 ? 65536 : u16;
    const pages = u32(MAX_FRAME);
    if (pages * pageSize >= this.#bounds.walBytes) return 'TRUNCATE';
    if (pages - u32(BACKFILLED) >= this.#bounds.pages) return 'PASSIVE';
    return undefined;
  }

  #started(): Worker {
    if (this.#worker === undefined) {
      // Not the process's Node options (`--input-type`, `--cpu-prof` and the like are not its).
      const worker = new Worker(WORKER_URL, { workerData: this.#workerData, execArgv: [] });
      worker.on('message', (report: CheckpointReport) => this.#report(report));
      worker.on('messageerror', () => this.#stop('a message from it could not be read'));
      // What the thread threw may reach here as a plain object (its class did not cross over;
      // better-sqlite3's errors arrive as their code alone).
      worker.on('error', (error: unknown) => {
        const thrown = error as { message?: unknown; code?: unknown } | undefined;
        this.#stop(String(thrown?.message ?? thrown?.code ?? error));
      });
      worker.on('exit', (code) => this.#stop(`it exited with ${code}`));
      // After the listeners: a 'message' listener refs the thread again.
      worker.unref();
      this.#worker = worker;
    }
    return this.#worker;
  }

  #report(report: CheckpointReport): void {
    this.#inFlight = false;
    if ('error' in report) {
      process.emitWarning(`A WAL checkpoint failed (${report.error}); the next commit asks again.`, {
        code: 'MARQUEE_SQLITE_CHECKPOINT_FAILED',
      });
      return;
    }
    if (report.busy === 0 && report.checkpointed === report.log) {
      this.checkpoints++;
      if (report.job === 'TRUNCATE') this.truncations++;
    }
  }

  /** The thread stopped by itself: the connection checkpoints again, and `why` is told once. */
  #stop(why: string): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#worker = undefined;
    process.emitWarning(
      `The SQLite checkpointer thread stopped (${why}); the connection checkpoints the WAL itself.`,
      { code: 'MARQUEE_SQLITE_CHECKPOINTER_STOPPED' },
    );
    try {
      if (this.#sqlite.open) this.#sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
    } catch {
      // The connection is busy with a statement; it stays without checkpoints until it closes.
    }
  }
}
