import type { Config } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { migrateToLatest, pendingMigrations } from '../db/migrate.js';

/**
 * Runs a command against the configured database and closes it afterwards. The embedded
 * database is brought up to date first (as `serve` does); PostgreSQL must be migrated explicitly.
 */
export async function withDatabase<T>(
  config: Config,
  work: (db: Db, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (handle.dialect === 'sqlite') {
      await migrateToLatest(handle);
    } else if ((await pendingMigrations(handle)).length > 0) {
      throw new Error('the database has pending migrations; run "marquee migrate" first');
    }
    return await work(handle.db, handle);
  } finally {
    await handle.close();
  }
}
