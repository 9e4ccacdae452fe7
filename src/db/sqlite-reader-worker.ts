/**
 * The reader thread's side (src/db/sqlite-reader-thread.ts): a read-only connection to the
 * database file, its statements prepared once, each read of a batch answered with its one text,
 * or null when it failed (the caller then reads on its own connection).
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type { ReadAnswers, ReadBatch } from './sqlite-reader-thread.js';
import { PAGE_CACHE_PRAGMA, STATEMENT_CACHE_SIZE } from './sqlite-settings.js';

const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
// As the writing connection's (src/db/connect.ts): a read waits for a lock rather than failing.
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
sqlite.pragma(PAGE_CACHE_PRAGMA);
const statements = new Map<string, SqliteDatabase.Statement>();

function prepared(sql: string): SqliteDatabase.Statement {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = sqlite.prepare(sql).pluck();
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    statements.set(sql, statement);
  }
  return statement;
}

// A batch that could not be read has no ids to answer: the thread then stops, and its reads are
// made on the connection (src/db/sqlite-reader-thread.ts).
parentPort!.on('messageerror', () => process.exit(1));
parentPort!.on('message', (batch: ReadBatch) => {
  const answers: ReadAnswers = [];
  for (let i = 0; i < batch.length; i += 3) {
    const id = batch[i] as number;
    try {
      const text = prepared(batch[i + 1] as string).get(batch[i + 2] as unknown[]);
      answers.push(id, typeof text === 'string' ? text : null);
    } catch {
      answers.push(id, null);
    }
  }
  parentPort!.postMessage(answers);
});
