/**
 * A PostgreSQL database shared with another application: pg_trgm installed there in a schema of
 * its own, off Marquee's search path. Every migration still applies, and searching works.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { it } from 'node:test';
import pg from 'pg';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { searchPage } from '../../src/db/search-page.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

it(
  'migrates a PostgreSQL database whose pg_trgm another application installed in its own schema',
  { skip: TEST_DATABASE_URL ? false : POSTGRES_SKIP_REASON },
  async () => {
    const name = `marquee_shared_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(TEST_DATABASE_URL!, `create database ${name}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      await admin(url.href, 'create schema other_app; create extension pg_trgm with schema other_app');
      const database = openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir(), poolSize: 2 });
      try {
        await migrateToLatest(database);
        const organization = await makeOrganization(database.db);
        const { rows } = await searchPage(database.db, {
          table: 'accounts',
          organizationId: organization.id,
          term: 'acme',
          conditions: [],
          order: { columns: ['created_at', 'id'], descending: true },
          limit: 26,
        });
        assert.deepEqual(rows, []);
      } finally {
        await database.close();
      }
    } finally {
      await admin(TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`);
    }
  },
);
