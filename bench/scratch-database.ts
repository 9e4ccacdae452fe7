/**
 * A database of its own for a row measured in the load generator's process (the automation
 * steps, the custom fields' rows): a SQLite file in a new temporary directory, or a PostgreSQL
 * schema of BENCH_DATABASE_URL's database. `drop` removes it, directory or schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/connect.js';

export interface ScratchDatabase {
  handle: DatabaseHandle;
  /** Where a `marquee` process finds the same data: MARQUEE_DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: { MARQUEE_DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

export async function scratchDatabase(
  dialect: 'sqlite' | 'postgres',
  name: string,
): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `marquee-${name.replaceAll('_', '-')}-`));
  if (dialect === 'sqlite') {
    return {
      handle: openDatabase({ dataDir }),
      env: { MARQUEE_DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `marquee_${name}`;
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  // pg_trgm (filter[search]) lives in public, where every schema finds it.
  await admin.query('create extension if not exists pg_trgm with schema public');
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const again = new pg.Client({ connectionString: base });
    await again.connect();
    await again.query(`drop schema if exists ${schema} cascade`);
    await again.end();
  };
  return {
    handle: openDatabase({ databaseUrl: url.href, dataDir }),
    env: { MARQUEE_DATA_DIR: dataDir, DATABASE_URL: url.href },
    drop,
  };
}
