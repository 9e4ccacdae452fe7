/**
 * One set of migrations for both dialects: every file of ./migrations whose name begins with a
 * timestamp (2026-11-22T00-initial) is one, applied in the order of the names; the others there
 * (change-notify-triggers) are what migrations import. A new migration is a new file, no line
 * elsewhere. Names are timestamps: never rename or reorder an applied one.
 */
import { readdirSync } from 'node:fs';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import type { Db } from './database.js';

const FOLDER = new URL('./migrations/', import.meta.url);

/** A migration's file (compiled, or its source where it is run as TypeScript): a timestamp, then its name. */
const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}T\d{2}-[a-z0-9-]+)\.(?:js|ts)$/;

/** The migrations' files by name, in the order they are applied (the names' order, as Kysely's). */
export function migrationFiles(files: readonly string[] = readdirSync(FOLDER)): Map<string, string> {
  const found = files.flatMap((file) => {
    const name = MIGRATION_FILE.exec(file)?.[1];
    return name !== undefined ? [[name, file] as const] : [];
  });
  return new Map(found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

let loaded: Promise<Record<string, Migration>> | undefined;

/** Every migration by name, in order (exported for tests that move between versions). */
export function allMigrations(): Promise<Record<string, Migration>> {
  loaded ??= (async () => {
    const migrations: Record<string, Migration> = {};
    for (const [name, file] of migrationFiles()) {
      migrations[name] = (await import(new URL(file, FOLDER).href)) as Migration;
    }
    return migrations;
  })();
  return loaded;
}

export interface MigrationOutcome {
  applied: string[];
}

/** `schema` keeps the migration bookkeeping in a named PostgreSQL schema (one per test file). */
function migrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: allMigrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function unwrap(result: MigrationResultSet): MigrationOutcome {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed ?? '(unknown)'} failed: ${cause}`);
  }
  return {
    applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationOutcome> {
  return unwrap(await migrator(handle.db, handle.schema).migrateToLatest());
}

export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const all = await migrator(handle.db, handle.schema).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
