/**
 * What every SQLite connection of a process is set up with: the writing one (src/db/connect.ts)
 * and the reader thread's (src/db/sqlite-reader-worker.ts), which must not load more than this.
 */
import type SqliteDatabase from 'better-sqlite3';

/**
 * 8 MB of SQLite page cache (its default here is 16 MB): paging walks few pages, the operating
 * system caches the file too, and the process's resident memory stays small.
 */
export const PAGE_CACHE_PRAGMA = 'cache_size = -8000';

/** Prepared statements kept by SQL text, per connection; the oldest goes first. */
export const STATEMENT_CACHE_SIZE = 500;

export type TryBeginWriting = () => boolean;

/** What begins a write transaction on `sqlite` without waiting, given its busy timeout (ms). */
export function tryBeginWriting(sqlite: SqliteDatabase.Database, busyTimeoutMs: number): TryBeginWriting {
  const begin = sqlite.prepare('begin immediate');
  return () => {
    sqlite.pragma('busy_timeout = 0');
    try {
      begin.run();
      return true;
    } catch (error) {
      // SQLITE_BUSY, or one of its extended codes (SQLITE_BUSY_RECOVERY, …).
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
      throw error;
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
  };
}
