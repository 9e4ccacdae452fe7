/**
 * Responses written together (src/http/write-batching.ts): a reply that is ready is written once
 * the event loop has dealt with the input of its turn, not in the middle of it; replies keep
 * their order on a connection, and every later onSend hook still applies. Real servers on
 * 127.0.0.1, ephemeral ports.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { App } from '../../src/http/app-instance.js';
import { batchResponseWrites } from '../../src/http/write-batching.js';

/** A server whose one route notes when its turn of the event loop ends and when its reply is written. */
async function markingServer(batched: boolean) {
  const app: FastifyInstance = Fastify();
  if (batched) batchResponseWrites(app as unknown as App);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-later-hook', 'ran');
    done(null, payload);
  });
  const marks: string[] = [];
  app.get('/marks/:n', (request, reply) => {
    const { n } = request.params as { n: string };
    const end = reply.raw.end.bind(reply.raw) as (...args: unknown[]) => unknown;
    reply.raw.end = ((...args: unknown[]) => {
      marks.push(`written ${n}`);
      return end(...args);
    }) as typeof reply.raw.end;
    setImmediate(() => marks.push(`turn over ${n}`));
    return { n: Number(n) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { app, marks, url: `http://127.0.0.1:${port}` };
}

/** Sends `raw` on one connection and reads until `count` responses have come (or the peer ends). */
function exchange(port: number, raw: string, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.split('HTTP/1.1 ').length - 1 >= count && text.endsWith('}')) {
        socket.end();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(text));
    socket.write(raw);
  });
}

describe('responses written together', () => {
  let batched: Awaited<ReturnType<typeof markingServer>>;
  let direct: Awaited<ReturnType<typeof markingServer>>;
  before(async () => {
    batched = await markingServer(true);
    direct = await markingServer(false);
  });
  after(async () => {
    await batched.app.close();
    await direct.app.close();
  });

  it('writes a reply after the turn of the event loop that made it ready, with the later hooks applied', async () => {
    const response = await fetch(`${batched.url}/marks/1`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { n: 1 });
    assert.equal(response.headers.get('x-later-hook'), 'ran');
    assert.deepEqual(batched.marks, ['turn over 1', 'written 1']);
    // The same route without it writes in the middle of the turn: the marks tell the two apart.
    await (await fetch(`${direct.url}/marks/1`)).json();
    assert.deepEqual(direct.marks, ['written 1', 'turn over 1']);
  });

  it('keeps the order of pipelined requests on one connection, every reply whole', async () => {
    batched.marks.length = 0;
    const { port } = batched.app.server.address() as net.AddressInfo;
    const requests = [2, 3, 4, 5].map((n) => `GET /marks/${n} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join('');
    const text = await exchange(port, requests, 4);
    const bodies = [...text.matchAll(/\r\n\r\n(\{[^}]*\})/g)].map((m) => JSON.parse(m[1]!) as { n: number });
    assert.deepEqual(
      bodies.map((b) => b.n),
      [2, 3, 4, 5],
    );
    assert.equal(text.split('x-later-hook: ran').length - 1, 4);
    assert.deepEqual(
      batched.marks.filter((m) => m.startsWith('written')),
      ['written 2', 'written 3', 'written 4', 'written 5'],
    );
  });

  it('answers many connections at once, each its own reply', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${batched.url}/marks/${100 + i}`);
        return ((await response.json()) as { n: number }).n;
      }),
    );
    assert.deepEqual(
      replies,
      Array.from({ length: 40 }, (_, i) => 100 + i),
    );
  });
});
