/**
 * Where a long unit of work runs (a command that says it may be one: src/writes/command.ts). On
 * SQLite, a database opened by src/db/connect.ts has a connection of its own for them on a thread of
 * its own (src/db/sqlite-long-writes.ts), so its statements and its COMMIT do not hold the event
 * loop; on PostgreSQL, whose statements never run on the loop, the database itself.
 */
import { type QueryExecutor } from 'kysely';
import { isSqlite } from './column-types.js';
import type { Db } from './database.js';
import { OffLoopSqliteAdapter } from './sqlite-long-write-driver.js';
import { LONG_WRITES } from './sqlite-long-writes.js';

/** The database a long unit of work of `db` runs on. */
export function longWritesOf(db: Db): Db {
  return LONG_WRITES.get(db) ?? db;
}

/** Whether `db`'s statements run on the event loop (SQLite's process connection), taking it all their time. */
export function statementsHoldLoop(db: { getExecutor(): QueryExecutor }): boolean {
  return isSqlite(db) && !(db.getExecutor().adapter instanceof OffLoopSqliteAdapter);
}
