/**
 * Nothing acknowledged is lost: a burst of concurrent POST /notes against a real `marquee serve`,
 * killed with SIGKILL mid-burst; after a restart every note that got a 201 is there.
 * And SIGTERM drains: every request in flight when the signal arrives still completes.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { it } from 'node:test';
import { clientCredentialsToken, makeCrm, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { startServer } from '../helpers/processes.js';

eachDatabase((suite) => {
  const env = () => ({ ...suite.database.env, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' });

  it('keeps every acknowledged note across a SIGKILL in the middle of a burst', async (t) => {
    const crm = await makeCrm(suite.db, 2);
    const server = await startServer(env(), ['--migrate']);
    const token = await clientCredentialsToken({ url: server.url, fetch } as never, crm.venue);
    const acknowledged: string[] = [];
    let failed = 0;
    const post = async (i: number) => {
      try {
        const response = await fetch(`${server.url}/notes`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'x-api-org': crm.venue.orgId,
            'content-type': 'application/vnd.api+json',
          },
          body: JSON.stringify(noteBody('bookings', crm.bookingIds[i % 2]!, `durable ${i}`)),
        });
        if (response.status === 201)
          acknowledged.push(((await response.json()) as { data: { id: string } }).data.id);
        else failed++;
      } catch {
        failed++;
      }
    };
    const burst: Promise<void>[] = [];
    let killed = false;
    // Keep posting; once 30 notes are acknowledged, kill the server in the middle of the stream.
    for (let i = 0; i < 3000 && !(killed && i > 0 && burst.length - acknowledged.length > 100); i++) {
      burst.push(post(i));
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 5));
      if (!killed && acknowledged.length >= 30) {
        killed = true;
        void server.stop('SIGKILL');
      }
    }
    if (!killed) void server.stop('SIGKILL');
    await Promise.all(burst);
    await server.exited;
    assert.ok(
      acknowledged.length > 20,
      `some notes were acknowledged before the kill (${acknowledged.length})`,
    );
    assert.ok(failed > 0, 'the kill interrupted the burst');

    const restarted = await startServer(env(), ['--migrate']);
    try {
      const stored = await suite.db
        .selectFrom('notes')
        .select('id')
        .where('organization_id', '=', crm.venue.orgId)
        .execute();
      const ids = new Set(stored.map((r) => r.id));
      const lost = acknowledged.filter((id) => !ids.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged notes were lost`);
      t.diagnostic(
        `${acknowledged.length} notes acknowledged before SIGKILL, ${failed} requests cut off, all ${acknowledged.length} found after restart`,
      );
      const again = await fetch(`${restarted.url}/notes/${acknowledged[0]}`, {
        headers: { authorization: `Bearer ${token}`, 'x-api-org': crm.venue.orgId },
      });
      assert.equal(again.status, 200);
    } finally {
      await restarted.stop();
    }
  });

  it('finishes every request in flight when SIGTERM arrives, drops none, then exits cleanly', async () => {
    const crm = await makeCrm(suite.db, 1);
    const server = await startServer({ ...env(), LOG_LEVEL: 'info' }, ['--migrate']);
    const token = await clientCredentialsToken({ url: server.url, fetch } as never, crm.venue);
    const { port } = new URL(server.url);
    const IN_FLIGHT = 25;
    const sent: Array<{ req: ReturnType<typeof httpRequest>; rest: string }> = [];
    const responses = Array.from({ length: IN_FLIGHT }, (_, i) => {
      const body = JSON.stringify(noteBody('bookings', crm.bookingIds[0]!, `in flight ${i}`));
      return new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: '/notes',
            agent: false,
            headers: {
              authorization: `Bearer ${token}`,
              'x-api-org': crm.venue.orgId,
              'content-type': 'application/vnd.api+json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        // Half of each body now; SIGTERM; the rest afterwards: all are in flight throughout.
        req.write(body.slice(0, 20));
        sent.push({ req, rest: body.slice(20) });
      });
    });
    // Every request has reached the server (it logs each on arrival) before SIGTERM is sent, and
    // the rest of each body goes out once the server has begun shutting down.
    const logged = (text: string) => server.stderr().split(text).length - 1;
    await until(() => logged('incoming request') >= IN_FLIGHT + 1, 'all requests arrived');
    server.process.kill('SIGTERM');
    await until(() => logged('shutting down') >= 1, 'shutdown began');
    for (const { req, rest } of sent) req.end(rest);
    const results = await Promise.all(responses);
    assert.deepEqual(
      results.map((r) => r.status),
      Array(IN_FLIGHT).fill(201),
    );
    assert.equal(await server.exited, 0);
    const stored = await suite.db
      .selectFrom('notes')
      .select('body')
      .where('organization_id', '=', crm.venue.orgId)
      .execute();
    assert.equal(stored.length, IN_FLIGHT);
  });
});

/** Waits for something another process does, checking every few milliseconds (bounded). */
async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
