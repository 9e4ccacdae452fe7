/**
 * The checkpointer thread's side (src/db/sqlite-checkpointer.ts): a connection of its own to the
 * database file, which copies the WAL's pages into the file when asked. Each job is answered with
 * what SQLite said of it; `close` closes the connection, after which the thread has nothing left
 * to do and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type { CheckpointJob, CheckpointReport } from './sqlite-checkpointer.js';

const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
// Not read-only: a checkpoint writes the database file.
const sqlite = new SqliteDatabase(file, { fileMustExist: true });
/**
 * How long a TRUNCATE waits for the writer and the readers before giving up for now: briefly. It
 * holds the write lock while it waits for readers, so a long reader (an export) would otherwise
 * hold every write back for the whole timeout and fail those that wait longer than theirs. Given
 * up, it is tried again after a later commit; writers meanwhile wait at most this long.
 */
const TRUNCATE_WAIT_MS = 25;
sqlite.pragma(`busy_timeout = ${Math.min(busyTimeoutMs, TRUNCATE_WAIT_MS)}`);

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

const checkpoint = (mode: 'PASSIVE' | 'TRUNCATE') =>
  (sqlite.pragma(`wal_checkpoint(${mode})`) as CheckpointRow[])[0]!;

/**
 * Copies until a checkpoint finds the WAL as the one before it left it (everything in the file),
 * at most `CATCHING_UP` times more. Writers append while a checkpoint copies, and the WAL starts
 * again from its beginning only at a write that begins once every page is copied: one pass alone
 * rarely catches up with writes every few milliseconds, and a WAL that never starts again grows.
 * Those passes are short, copying only what was written during the one before.
 */
const CATCHING_UP = 4;

function passive(): CheckpointRow {
  let row = checkpoint('PASSIVE');
  for (let pass = 0; pass < CATCHING_UP && row.busy === 0; pass++) {
    const next = checkpoint('PASSIVE');
    const caughtUp = next.log === row.log && next.checkpointed === next.log;
    row = next;
    if (caughtUp) break;
  }
  return row;
}

function run(job: CheckpointJob): CheckpointReport {
  try {
    // PASSIVE first even for a TRUNCATE, which holds back writers while it copies: most of the
    // pages are then copied while writers go on, and it holds them only for those written since.
    const copied = passive();
    if (job === 'PASSIVE') return { job, ...copied };
    return { job, ...checkpoint('TRUNCATE') };
  } catch (error) {
    return { job, error: String((error as Error | undefined)?.message ?? error) };
  }
}

parentPort!.on('message', (job: CheckpointJob | 'close') => {
  if (job === 'close') {
    sqlite.close();
    parentPort!.close();
    return;
  }
  parentPort!.postMessage(run(job));
});
