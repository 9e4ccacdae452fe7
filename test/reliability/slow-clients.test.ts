/**
 * Slow clients cannot hold the server (slowloris): a body trickling in a byte at a time, or
 * headers that never end, are cut off at the request deadline. (Deadlines are shortened here;
 * the served defaults are 15 s for headers and 30 s for a request.) A DELETE that names a JSON
 * content type but sends no body still deletes.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm, noteBody, call, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';

/** Resolves when the server closes the socket (with whatever it answered), or rejects after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', () => {});
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let port: number;

  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0' },
      { listen: true, limits: { requestTimeoutMs: 60, headersTimeoutMs: 40, checkIntervalMs: 10 } },
    );
    port = Number(new URL(server.url).port);
    crm = await makeCrm(suite.db, 1);
  });
  after(() => server.close());

  it('cuts off a body that trickles in a byte at a time', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    const socket = connect(port, '127.0.0.1');
    const closed = closedWithin(socket, 2000);
    socket.write(
      `POST /notes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nX-API-ORG: ${crm.venue.orgId}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.writable && socket.write('x'), 15);
    try {
      const answer = await closed;
      assert.match(answer, /^$|^HTTP\/1\.1 408/, 'closed, or told the request took too long');
    } finally {
      clearInterval(drip);
    }
  });

  it('cuts off headers that never end', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = closedWithin(socket, 2000);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: y\r\n'), 15);
    try {
      await closed;
    } finally {
      clearInterval(drip);
    }
  });

  it('deletes when a DELETE names a JSON content type and sends no body', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    const made = await call<{ data: { id: string } }>(server, '/notes', {
      token,
      org: crm.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!),
    });
    for (const type of ['application/json', 'application/vnd.api+json']) {
      const note =
        type === 'application/json'
          ? made.body.data.id
          : (
              await call<{ data: { id: string } }>(server, '/notes', {
                token,
                org: crm.venue.orgId,
                method: 'POST',
                body: noteBody('bookings', crm.bookingIds[0]!),
              })
            ).body.data.id;
      const response = await call(server, `/notes/${note}`, {
        token,
        org: crm.venue.orgId,
        method: 'DELETE',
        headers: { 'content-type': type },
      });
      assert.equal(response.status, 204, type);
    }
    const broken = await call(server, '/notes', {
      token,
      org: crm.venue.orgId,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    assert.equal(broken.status, 400, 'a create still needs its body');
  });
});
