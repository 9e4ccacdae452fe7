/**
 * The long writes' thread (src/db/sqlite-long-writes.ts): a connection of its own to the database
 * file, set up as the writing connection is (src/db/connect.ts), its statements prepared once. Each
 * message is one statement, answered as Kysely's SQLite driver answers it, or with its error's
 * message and code; `begin` tries to take the write lock without waiting, and says whether it did.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type { LongWriteAnswer, LongWriteAsk } from './sqlite-long-writes.js';
import { PAGE_CACHE_PRAGMA, STATEMENT_CACHE_SIZE, tryBeginWriting } from './sqlite-settings.js';

const { file, busyTimeoutMs, checkpoints } = workerData as {
  file: string;
  busyTimeoutMs: number;
  /** Whether this connection checkpoints the WAL after its commits (no checkpointer thread). */
  checkpoints: boolean;
};
const sqlite = new SqliteDatabase(file, { fileMustExist: true });
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
sqlite.pragma('foreign_keys = ON');
sqlite.pragma(PAGE_CACHE_PRAGMA);
if (!checkpoints) sqlite.pragma('wal_autocheckpoint = 0');
const statements = new Map<string, SqliteDatabase.Statement>();

function prepared(sql: string): SqliteDatabase.Statement {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = sqlite.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
  }
  return statement;
}

/** better-sqlite3 binds Buffers, which arrive here as plain Uint8Arrays. */
const bound = (parameters: readonly unknown[]) =>
  parameters.map((p) =>
    p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p,
  );

/** `begin immediate` without waiting: false while another connection holds the write lock. */
const tryBegin = tryBeginWriting(sqlite, busyTimeoutMs);

function run(sql: string, parameters: readonly unknown[]): unknown {
  const statement = prepared(sql);
  if (statement.reader) return { rows: statement.all(bound(parameters)) };
  const { changes, lastInsertRowid } = statement.run(bound(parameters));
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

parentPort!.on('message', ([id, kind, sql, parameters]: LongWriteAsk) => {
  let answer: LongWriteAnswer;
  try {
    answer = [id, kind === 'begin' ? tryBegin() : run(sql, parameters), null];
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    answer = [id, null, { message: String(message ?? error), code }];
  }
  parentPort!.postMessage(answer);
});
