/**
 * Nothing acknowledged is lost: a burst of concurrent POST /notes against a real `marquee serve`,
 * killed with SIGKILL mid-burst; after a restart every note that got a 201 is there.
 * And SIGTERM drains: a request in flight when the signal arrives still completes.
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
    const token = await clientCredentialsToken({ url: server.url } as never, crm.venue);
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
    for (let i = 0; i < 400; i++) {
      burst.push(post(i));
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 5));
      if (i === 250) void server.stop('SIGKILL');
    }
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

  it('finishes a request in flight when SIGTERM arrives, then exits cleanly', async () => {
    const crm = await makeCrm(suite.db, 1);
    const server = await startServer(env(), ['--migrate']);
    const token = await clientCredentialsToken({ url: server.url } as never, crm.venue);
    const body = JSON.stringify(noteBody('bookings', crm.bookingIds[0]!, 'in flight during shutdown'));
    const { port } = new URL(server.url);
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/notes',
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
      // Half the body now, SIGTERM, the rest a moment later: the request is in flight throughout.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 100);
    });
    const result = await response;
    assert.equal(result.status, 201, result.text);
    assert.equal(await server.exited, 0);
    const stored = await suite.db
      .selectFrom('notes')
      .select('body')
      .where('organization_id', '=', crm.venue.orgId)
      .execute();
    assert.deepEqual(
      stored.map((r) => r.body),
      ['in flight during shutdown'],
    );
  });
});
