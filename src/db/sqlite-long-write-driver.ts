/**
 * Kysely's view of the long writes' connection (src/db/sqlite-long-writes.ts): SQLite's dialect,
 * whose driver hands out the thread's one connection to one transaction at a time, and whose
 * adapter tells that its statements do not hold the event loop (src/db/long-writes.ts).
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely';
import type { Database, Db } from './database.js';

/** The adapter of the thread's Kysely: SQLite's, whose statements do not hold the event loop. */
export class OffLoopSqliteAdapter extends SqliteAdapter {}

/** The thread's connection, and its one transaction at a time. */
export interface ThreadConnection {
  readonly connection: DatabaseConnection;
  lock(): Promise<void>;
  unlock(): void;
  begin(): Promise<void>;
  end(how: 'commit' | 'rollback'): Promise<void>;
  close(): Promise<void>;
}

/** Kysely's SQLite dialect, with the thread's driver and the adapter that tells it. */
class ThreadDialect extends SqliteDialect {
  readonly #driver: Driver;

  constructor(driver: Driver) {
    super({ database: undefined as never });
    this.#driver = driver;
  }

  override createDriver(): Driver {
    return this.#driver;
  }

  override createAdapter(): SqliteAdapter {
    return new OffLoopSqliteAdapter();
  }
}

/** Kysely's driver of the thread's connection: one transaction at a time. */
class ThreadDriver implements Driver {
  readonly #writes: ThreadConnection;

  constructor(writes: ThreadConnection) {
    this.#writes = writes;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#writes.lock();
    return this.#writes.connection;
  }

  beginTransaction(): Promise<void> {
    return this.#writes.begin();
  }

  commitTransaction(): Promise<void> {
    return this.#writes.end('commit');
  }

  rollbackTransaction(): Promise<void> {
    return this.#writes.end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {
    this.#writes.unlock();
  }

  async destroy(): Promise<void> {
    await this.#writes.close();
  }
}

/** A Kysely whose transactions run on `thread`. */
export function threadDatabase(thread: ThreadConnection): Db {
  return new Kysely<Database>({ dialect: new ThreadDialect(new ThreadDriver(thread)) });
}
