import assert from 'node:assert/strict';
import { it } from 'node:test';
import { verifyPassword } from '../../src/identity/passwords.js';
import { findUserByEmail } from '../../src/identity/user.repository.js';
import { eachDatabase } from '../helpers/databases.js';
import { startServer } from '../helpers/processes.js';

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
    const server = await startServer(suite.database.env, ['--migrate']);
    try {
      const demo = server.info.demo as Record<string, unknown>;
      assert.ok(demo, 'the first start prints the demo sign-in');
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

  it('answers unknown paths with a JSON:API 404 that carries the request id', async () => {
    const server = await startServer(suite.database.env, ['--migrate']);
    try {
      const response = await fetch(`${server.url}/no/such/path`);
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
