/**
 * The suite migrates once, before any test file runs: one SQLite file and one PostgreSQL database
 * (scripts/run-tests.js calls `prepareTemplates`). Each file's database then starts as a copy: the
 * SQLite file copied, the PostgreSQL database created from the migrated one as its template.
 * `createTestDatabase` still runs the migrator on the copy, which finds nothing left to do; a file
 * run on its own, without the templates, migrates its own database from the start.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, SQLITE_FILE_NAME } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** The folder holding the migrated SQLite file. */
export const SQLITE_TEMPLATE_ENV = 'MARQUEE_TEST_SQLITE_TEMPLATE';
/** The name of the migrated PostgreSQL database. */
export const POSTGRES_TEMPLATE_ENV = 'MARQUEE_TEST_POSTGRES_TEMPLATE';

/** Copies the migrated SQLite file into `dataDir`; false when the suite has no template. */
export function copySqliteTemplate(dataDir: string): boolean {
  const from = process.env[SQLITE_TEMPLATE_ENV];
  if (!from || !existsSync(path.join(from, SQLITE_FILE_NAME))) return false;
  copyFileSync(path.join(from, SQLITE_FILE_NAME), path.join(dataDir, SQLITE_FILE_NAME));
  return true;
}

/** The `template` clause for a new PostgreSQL test database, or '' without one. */
export function postgresTemplateClause(): string {
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  return name && /^[a-z0-9_]+$/.test(name) ? ` template ${name}` : '';
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface Templates {
  /** The variables that point test files at the templates. */
  readonly env: Record<string, string>;
  dispose(): Promise<void>;
}

/** Migrates the templates: SQLite always, PostgreSQL when `postgresUrl` is given. */
export async function prepareTemplates(postgresUrl: string | undefined): Promise<Templates> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-template-'));
  const sqlite = openDatabase({ dataDir });
  await migrateToLatest(sqlite);
  // Closing the only connection checkpoints the WAL into the file the tests copy.
  await sqlite.close();
  const env: Record<string, string> = { [SQLITE_TEMPLATE_ENV]: dataDir };
  let postgresName: string | undefined;
  if (postgresUrl) {
    postgresName = `marquee_template_${process.pid}`;
    await adminQuery(postgresUrl, `drop database if exists ${postgresName} with (force)`);
    await adminQuery(postgresUrl, `create database ${postgresName}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${postgresName}`;
    const handle = openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir(), poolSize: 1 });
    await migrateToLatest(handle);
    await handle.close();
    env[POSTGRES_TEMPLATE_ENV] = postgresName;
  }
  return {
    env,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (postgresUrl && postgresName)
        await adminQuery(postgresUrl, `drop database if exists ${postgresName} with (force)`);
    },
  };
}
