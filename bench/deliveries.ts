/**
 * Webhook delivery throughput: events per second from the commit of a change to a local
 * receiver. The receiver registers as an endpoint of the contender's organization, then a
 * burst of notes is created (50 at a time) and the clock stops when the last delivery arrives.
 */
import { createServer } from 'node:http';

const EVENTS = 2000;
const CONCURRENCY = 50;

export interface DeliveryResult {
  events: number;
  seconds: number;
  perSecond: number;
}

export async function measureDeliveries(info: Record<string, string>): Promise<DeliveryResult> {
  let received = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(204).end();
      if (++received === EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const headers = {
    authorization: `Bearer ${info.token}`,
    'x-api-org': info.org!,
    'content-type': 'application/vnd.api+json',
  };
  const endpoint = await fetch(`${info.url}/v2/webhook_endpoints`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      data: {
        type: 'webhook_endpoints',
        attributes: { url: `http://127.0.0.1:${port}/hook`, events: ['note.created'] },
      },
    }),
  });
  if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${await endpoint.text()}`);
  const note = JSON.stringify({
    data: {
      type: 'notes',
      attributes: { body: 'Delivered note' },
      relationships: { notable: { data: { type: 'bookings', id: info.bookingId } } },
    },
  });
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < EVENTS) {
        sent++;
        const response = await fetch(`${info.url}/notes`, { method: 'POST', headers, body: note });
        await response.arrayBuffer();
      }
    }),
  );
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 120_000))]);
  const seconds = (performance.now() - started) / 1000;
  receiver.close();
  const endpointId = ((await endpoint.json()) as { data: { id: string } }).data.id;
  await fetch(`${info.url}/v2/webhook_endpoints/${endpointId}`, { method: 'DELETE', headers });
  return { events: received, seconds, perSecond: received / seconds };
}
