/**
 * `marquee serve --workers 2`: requests are spread over two processes with caches of their own;
 * a write through one is seen by reads through the other at once, and SIGTERM stops them all.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, it } from 'node:test';
import { createIntegration } from '../src/integrations/integration.service.js';
import { eachDatabase } from './helpers/databases.js';
import { type RunningServer, startServer } from './helpers/processes.js';

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
  // One cluster for the file: its writes are not rate limited (the concurrent creates below are
  // more than a minute's requests from one integration, which each worker counts for itself).
  let server: RunningServer;
  let demo: { org_id: string; admin_email: string };
  let headers: Record<string, string>;
  let bookingId: string;
  before(async () => {
    server = await startServer({ ...suite.database.env, RATE_LIMIT_PER_MINUTE: '0' }, [
      '--migrate',
      '--workers',
      '2',
    ]);
    // The demo venue, seeded by this first start.
    demo = server.info.demo as typeof demo;
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
    headers = { authorization: `Bearer ${token}`, 'x-api-org': demo.org_id };
    const booking = JSON.parse((await send(`${server.url}/v2/bookings?page[size]=1`, { headers })).body) as {
      data: Array<{ id: string }>;
    };
    bookingId = booking.data[0]!.id;
  });
  after(async () => {
    await server?.stop();
  });

  const createNote = (body: string) =>
    send(`${server.url}/v2/notes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'notes',
          attributes: { body },
          relationships: { notable: { data: { type: 'bookings', id: bookingId } } },
        },
      }),
    });

  it('sees a write through one worker in reads through the others at once', async () => {
    const list = () => send(`${server.url}/v2/notes?page[size]=100`, { headers });
    // Both workers cache the page.
    for (let i = 0; i < 8; i++) assert.equal((await list()).status, 200);
    for (let round = 0; round < 3; round++) {
      const created = await createNote(`Written through a worker, round ${round}`);
      assert.equal(created.status, 201, created.body);
      const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
      for (let i = 0; i < 4; i++) {
        const page = await list();
        assert.ok(page.body.includes(id), `read ${i} after write ${round} misses the note`);
      }
    }
  });

  it('lets writes through every worker wait their turn: concurrent creates all succeed', async () => {
    // 120 creates at once, each on a connection of its own, so both workers write at once (and
    // read before writing).
    const created = await Promise.all(
      Array.from({ length: 120 }, (_, n) => createNote(`Concurrent note ${n}`)),
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
  });

  it('stops them all on SIGTERM', async () => {
    const code = await server.stop('SIGTERM');
    assert.equal(code, 0, server.stderr());
    assert.match(server.stderr(), /stopped/);
    await assert.rejects(send(`${server.url}/healthz`, {}), 'nothing listens any more');
  });
});
