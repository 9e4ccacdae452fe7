/**
 * A webhook receiver on plain node:http. It verifies each delivery with the SDK, answers 204 at
 * once and handles the event afterwards (an answer slower than 15 s counts as a failure and is
 * retried), and handles each event once: deliveries come at least once, so a retry of one already
 * handled is answered 204 and skipped by its `webhook-id`.
 *
 *   MARQUEE_WEBHOOK_SECRET=whsec_… PORT=8081 node dist/client/examples/webhook-receiver.js
 *
 * Register https://<where this runs>/webhooks as an endpoint and keep the secret it returns:
 *   await api.webhookEndpoints.create({ url, events: ['booking.status_changed', 'account.created'] })
 */
import { createServer } from 'node:http';
import { Marquee, type MarqueeChange, WebhookVerificationError } from '../src/index.js';

const secret = process.env.MARQUEE_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set MARQUEE_WEBHOOK_SECRET.');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8081);
const MAX_BODY_BYTES = 1024 * 1024;

/** The ids handled lately. Keep them in your database (a unique key) to survive restarts. */
const handled = new Set<string>();
function remember(id: string) {
  handled.add(id);
  if (handled.size > 10_000) handled.delete(handled.values().next().value!);
}

function handle(event: MarqueeChange) {
  switch (event.type) {
    case 'booking.status_changed': {
      const { attributes } = event.data.object;
      const from = event.data.previous_attributes.status;
      return `booking ${attributes.reference} moved from ${from} to ${attributes.status}`;
    }
    case 'account.created':
      return `new account ${event.data.object.attributes.name}`;
    default:
      return `${event.data.object.type} ${event.data.object.id}`;
  }
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhooks') return res.writeHead(404).end();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    if (size > MAX_BODY_BYTES) return res.writeHead(413).end();
    Marquee.webhooks.verify(Buffer.concat(chunks), req.headers, secret).then(
      (event) => {
        res.writeHead(204).end();
        const id = String(req.headers['webhook-id']);
        if (handled.has(id)) return console.log(`skipped duplicate ${id}`);
        remember(id);
        setImmediate(() => console.log(`handled ${event.type} ${id}: ${handle(event)}`));
      },
      (error: unknown) => {
        const refused = error instanceof WebhookVerificationError;
        console.log(`refused a delivery: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(refused ? 400 : 500).end();
      },
    );
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Webhook receiver on http://127.0.0.1:${port}/webhooks`);
});
process.on('SIGTERM', () => server.close());
