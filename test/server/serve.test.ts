import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import pg from 'pg';
import { verifyPassword } from '../../src/identity/passwords.js';
import { findUserByEmail } from '../../src/identity/user.repository.js';
import { eachDatabase, POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../helpers/databases.js';
import { parseJsonOutput, runCli, startServer } from '../helpers/processes.js';

const TABLES = [
  'organizations',
  'users',
  'memberships',
  'integrations',
  'accounts',
  'contacts',
  'bookings',
] as const;

eachDatabase((suite) => {
  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await suite.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  it('creates the demo venue on first start, shows its password once and never logs it', async () => {
    // A port already taken stops the start before the demo exists, so its password is never lost.
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as net.AddressInfo).port);
    const refused = await runCli(['serve', '--migrate', '--json'], {
      ...suite.database.env,
      PORT: port,
      HOST: '127.0.0.1',
    });
    taken.close();
    assert.notEqual(refused.code, 0);
    assert.equal((await rowCounts()).organizations, 0, 'no demo without a listening server');

    const server = await startServer(suite.database.env, ['--migrate']);
    try {
      const demo = server.info.demo as Record<string, unknown>;
      assert.ok(demo, 'the first start prints the demo sign-in');
      assert.equal(typeof demo.org_id, 'string', 'the organization id is printed with the sign-in');
      assert.equal(typeof server.info.data, 'string');
      assert.ok(!String(server.info.data).includes(':secret@'), 'no password in the printed location');
      assert.equal(typeof demo.admin_password, 'string');
      const admin = await findUserByEmail(suite.db, String(demo.admin_email));
      assert.ok(admin);
      assert.equal(await verifyPassword(String(demo.admin_password), admin.passwordHash), true);
      assert.ok(Number(demo.bookings) >= 36);

      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      const ready = await fetch(`${server.url}/readyz`, {
        headers: { 'X-Request-Id': 'trace-from-proxy-1' },
      });
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ok' });
      assert.equal(ready.headers.get('x-request-id'), 'trace-from-proxy-1');
      assert.ok(!server.stderr().includes(String(demo.admin_password)));
    } finally {
      assert.equal(await server.stop('SIGTERM'), 0);
    }
  });

  it('keeps every row across a restart and across kill -9, and seeds only once', async () => {
    const before = await rowCounts();
    assert.ok((before.bookings ?? 0) > 0);

    const first = await startServer(suite.database.env, ['--migrate']);
    assert.equal(first.info.demo, undefined, 'no second demo on a database that has data');
    await first.stop('SIGKILL');
    assert.deepEqual(await rowCounts(), before);

    const second = await startServer(suite.database.env, ['--migrate']);
    try {
      assert.equal(second.info.demo, undefined);
      assert.equal((await fetch(`${second.url}/readyz`)).status, 200);
      assert.deepEqual(await rowCounts(), before);
    } finally {
      assert.equal(await second.stop('SIGINT'), 0);
    }
  });

  it('answers unknown API paths with a JSON:API 404 that carries the request id', async () => {
    const server = await startServer(suite.database.env, ['--migrate']);
    try {
      // Other unknown addresses are pages, answered by a page (test/web/page-not-found.test.ts).
      const response = await fetch(`${server.url}/v2/no/such/path`);
      assert.equal(response.status, 404);
      assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/);
      const requestId = response.headers.get('x-request-id');
      assert.ok(requestId);
      const body = (await response.json()) as {
        errors: Array<Record<string, unknown>>;
        meta: { request_id: string };
      };
      assert.equal(body.errors[0]?.status, '404');
      assert.equal(body.errors[0]?.code, 'not_found');
      assert.equal(body.meta.request_id, requestId);
    } finally {
      await server.stop();
    }
  });
});

describe('PostgreSQL without --migrate', { skip: TEST_DATABASE_URL ? false : POSTGRES_SKIP_REASON }, () => {
  it('refuses to serve a database with pending migrations until marquee migrate has run', async () => {
    const name = `marquee_unmigrated_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.href, PORT: '0' };
      const refused = await runCli(['serve'], env);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /pending migration.*marquee migrate/);
      const migrated = parseJsonOutput(await runCli(['migrate', '--json'], env));
      assert.equal(migrated.database, 'postgres');
      assert.ok((migrated.applied as string[]).length >= 3);
      assert.deepEqual(parseJsonOutput(await runCli(['migrate', '--json'], env)).applied, []);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
