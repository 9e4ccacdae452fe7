/**
 * What every SQLite connection of a process is set up with: the writing one (src/db/connect.ts)
 * and the reader thread's (src/db/sqlite-reader-worker.ts), which must not load more than this.
 */

/**
 * 8 MB of SQLite page cache (its default here is 16 MB): paging walks few pages, the operating
 * system caches the file too, and the process's resident memory stays small.
 */
export const PAGE_CACHE_PRAGMA = 'cache_size = -8000';

/** Prepared statements kept by SQL text, per connection; the oldest goes first. */
export const STATEMENT_CACHE_SIZE = 500;
