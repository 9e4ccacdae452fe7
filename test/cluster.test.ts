/**
 * `marquee serve --workers 2`: requests are spread over two processes with caches of their own;
 * a write through one is seen by reads through the other at once, and SIGTERM stops them all.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { it } from 'node:test';
import { createIntegration } from '../src/integrations/integration.service.js';
import { eachDatabase } from './helpers/databases.js';
import { startServer } from './helpers/processes.js';

interface Reply {
  status: number;
  body: string;
}

/** Each request on a connection of its own, so the workers take turns. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

eachDatabase((suite) => {
  it('sees a write through one worker in reads through the others at once, and stops them all on SIGTERM', async () => {
    const server = await startServer(suite.database.env, ['--migrate', '--workers', '2']);
    let stopped = false;
    try {
      const demo = server.info.demo as { org_id: string; admin_email: string };
      const { integration, clientSecret } = await createIntegration(suite.db, {
        organizationId: demo.org_id,
        name: 'Cluster test',
        kind: 'private',
        ownerEmail: demo.admin_email,
      });
      const issued = await send(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: integration.clientId,
          client_secret: clientSecret,
        }).toString(),
      });
      assert.equal(issued.status, 200, issued.body);
      const token = (JSON.parse(issued.body) as { access_token: string }).access_token;
      const headers = { authorization: `Bearer ${token}`, 'x-api-org': demo.org_id };
      const list = () => send(`${server.url}/v2/notes?page[size]=100`, { headers });
      // Both workers cache the page.
      for (let i = 0; i < 8; i++) assert.equal((await list()).status, 200);
      const booking = JSON.parse(
        (await send(`${server.url}/v2/bookings?page[size]=1`, { headers })).body,
      ) as {
        data: Array<{ id: string }>;
      };
      for (let round = 0; round < 3; round++) {
        const created = await send(`${server.url}/v2/notes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/vnd.api+json' },
          body: JSON.stringify({
            data: {
              type: 'notes',
              attributes: { body: `Written through a worker, round ${round}` },
              relationships: { notable: { data: { type: 'bookings', id: booking.data[0]!.id } } },
            },
          }),
        });
        assert.equal(created.status, 201, created.body);
        const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
        for (let i = 0; i < 4; i++) {
          const page = await list();
          assert.ok(page.body.includes(id), `read ${i} after write ${round} misses the note`);
        }
      }
      const code = await server.stop('SIGTERM');
      stopped = true;
      assert.equal(code, 0, server.stderr());
      assert.match(server.stderr(), /stopped/);
      await assert.rejects(send(`${server.url}/healthz`, {}), 'nothing listens any more');
    } finally {
      if (!stopped) await server.stop();
    }
  });

  it('lets writes through every worker wait their turn: concurrent creates all succeed', async () => {
    // 120 creates at once: more than a minute's requests from one integration, which each worker
    // counts for itself, however the connections fall between the workers.
    const server = await startServer({ ...suite.database.env, RATE_LIMIT_PER_MINUTE: '0' }, [
      '--migrate',
      '--workers',
      '2',
    ]);
    try {
      // The demo venue (seeded by this file's first start).
      const demo = await suite.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.organization_id as org_id', 'users.email as admin_email'])
        .where('memberships.role', '=', 'admin')
        .executeTakeFirstOrThrow();
      const { integration, clientSecret } = await createIntegration(suite.db, {
        organizationId: demo.org_id,
        name: 'Cluster writes',
        kind: 'private',
        ownerEmail: demo.admin_email,
      });
      const issued = await send(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: integration.clientId,
          client_secret: clientSecret,
        }).toString(),
      });
      const token = (JSON.parse(issued.body) as { access_token: string }).access_token;
      const headers = { authorization: `Bearer ${token}`, 'x-api-org': demo.org_id };
      const booking = JSON.parse(
        (await send(`${server.url}/v2/bookings?page[size]=1`, { headers })).body,
      ) as {
        data: Array<{ id: string }>;
      };
      // Each on a connection of its own, so both workers write at once (and read before writing).
      const created = await Promise.all(
        Array.from({ length: 120 }, (_, n) =>
          send(`${server.url}/v2/notes`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/vnd.api+json' },
            body: JSON.stringify({
              data: {
                type: 'notes',
                attributes: { body: `Concurrent note ${n}` },
                relationships: { notable: { data: { type: 'bookings', id: booking.data[0]!.id } } },
              },
            }),
          }),
        ),
      );
      const failed = created.filter((r) => r.status !== 201);
      assert.deepEqual(
        failed.map((r) => `${r.status} ${r.body}`),
        [],
        'every concurrent create is a 201',
      );
      const notes = await suite.db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('body', 'like', 'Concurrent note %')
        .executeTakeFirstOrThrow();
      assert.equal(Number(notes.count), 120);
    } finally {
      await server.stop();
    }
  });
});
