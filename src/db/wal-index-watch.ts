/**
 * The SQLite change clock's shortcut (src/db/change-clock.ts): telling, for one system call,
 * that no connection committed since the clock last asked SQLite.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';

/** The two copies of the WAL-index header at the start of the `-shm` file (https://sqlite.org/walformat.html). */
const WAL_INDEX_HEADERS = 96;

/** The WAL index (`-shm`) of `sqlite`'s file, or undefined when it is not in WAL mode. */
export function walIndexFile(sqlite: SqliteDatabase.Database): string | undefined {
  if (sqlite.memory || String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    return undefined;
  }
  // The file as SQLite opened it (a link resolved, a relative path made absolute): its -shm
  // lies beside that, not necessarily beside the name the database was opened by.
  const main = (sqlite.pragma('database_list') as Array<{ name: string; file: string }>).find(
    (database) => database.name === 'main',
  );
  return main?.file ? `${main.file}-shm` : undefined;
}

/**
 * Whether any connection may have committed, for one `pread`: every commit in WAL mode rewrites
 * the WAL-index header (both copies, with a change counter moved on, the last frame and the
 * WAL's salts) before any reader can see it, so while those bytes read as they did before the
 * clock last asked SQLite, nothing was committed since. `PRAGMA data_version` answers the same
 * question with a read transaction: a shared-memory read lock taken and dropped, two `fcntl`
 * calls. A header being written, a file that cannot be read or anything unlike what was seen
 * sends the clock to SQLite.
 */
export class WalIndexWatch {
  readonly #fd: number;
  readonly #seen = Buffer.alloc(WAL_INDEX_HEADERS);
  readonly #now = Buffer.alloc(WAL_INDEX_HEADERS);
  #known = false;
  #closed = false;

  /** The watch of the WAL index of `sqlite`'s file, or undefined when it has none to read. */
  static open(sqlite: SqliteDatabase.Database): WalIndexWatch | undefined {
    const file = walIndexFile(sqlite);
    if (file === undefined) return undefined;
    try {
      return new WalIndexWatch(openSync(file, 'r'));
    } catch {
      return undefined;
    }
  }

  private constructor(fd: number) {
    this.#fd = fd;
  }

  /** Reads the header; true when it is as it was at the last `remember()`. */
  unchanged(): boolean {
    if (this.#closed) return false;
    let read: number;
    try {
      read = readSync(this.#fd, this.#now, 0, WAL_INDEX_HEADERS, 0);
    } catch {
      read = 0;
    }
    if (read !== WAL_INDEX_HEADERS) {
      this.#now.fill(0);
      this.#known = false;
      return false;
    }
    return this.#known && this.#now.equals(this.#seen);
  }

  /** The header last read by `unchanged()` is what SQLite was asked after (taken before it). */
  remember(): void {
    this.#now.copy(this.#seen);
    this.#known = this.#now.some((byte) => byte !== 0);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}
