/**
 * The example webhook receiver (client/examples/webhook-receiver.ts) runs against a real Marquee
 * and its delivery worker: it handles verified events, answers 2xx, skips a repeated webhook-id
 * and refuses a forged delivery.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, it } from 'node:test';
import { deliveryHeaders } from '../../src/webhooks/signature.js';
import type { MarqueeApi, WebhookEndpointWithSecret } from '../../client/src/index.js';
import { eachDatabase } from '../helpers/databases.js';
import { startDeliveringVenue } from './deliveries.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The lines a child prints, and a way to wait for the next one that matches. */
function linesOf(child: ChildProcess) {
  const lines: string[] = [];
  let waiting: (() => void) | undefined;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    waiting?.();
  });
  return async (pattern: RegExp, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find((line) => pattern.test(line));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line matched ${pattern}; got ${JSON.stringify(lines)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
}

eachDatabase((suite) => {
  let api: MarqueeApi;
  let close: () => Promise<void>;
  let child: ChildProcess;
  let url: string;
  let endpoint: WebhookEndpointWithSecret;
  let lineMatching: ReturnType<typeof linesOf>;
  before(async () => {
    ({ api, close } = await startDeliveringVenue(suite.database));
    const port = await freePort();
    url = `http://127.0.0.1:${port}/webhooks`;
    endpoint = await api.webhookEndpoints.create({
      url,
      events: ['account.created', 'booking.status_changed'],
    });
    child = spawn(process.execPath, [path.resolve('dist/client/examples/webhook-receiver.js')], {
      env: { ...process.env, MARQUEE_WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    lineMatching = linesOf(child);
    assert.match(await lineMatching(/^Webhook receiver on/), new RegExp(url));
  });
  after(async () => {
    child.kill('SIGTERM');
    await close();
  });

  /** The endpoint's deliveries once the worker has recorded an outcome for each (bounded). */
  async function settled() {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await suite.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      if (rows.every((row) => row.status !== 'pending') || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('handles verified deliveries and answers them with 2xx', async () => {
    const account = await api.accounts.create({ name: 'Lighthouse Weddings' });
    const booking = await api.bookings.create({
      name: 'Beach wedding',
      start_at: '2030-08-01T15:00:00Z',
      end_at: '2030-08-01T23:00:00Z',
      account,
    });
    await api.bookings.update(booking.id, { status: 'tentative' });
    const [created] = await api.changes.list({ type: 'account.created' }).toArray();
    assert.equal(
      await lineMatching(/^handled account\.created/),
      `handled account.created ${created!.id}: new account Lighthouse Weddings`,
    );
    assert.match(
      await lineMatching(/^handled booking\.status_changed/),
      new RegExp(`booking ${booking.reference} moved from lead to tentative$`),
    );
    const recorded = await settled();
    assert.equal(recorded.length, 2);
    for (const delivery of recorded) {
      assert.equal(delivery.status, 'succeeded');
      assert.equal(delivery.last_status_code, 204);
    }
  });

  it('skips a delivery whose webhook-id it has handled, and refuses a forged one', async () => {
    const [event] = await api.changes.list({ type: 'account.created' }).toArray();
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const again = await fetch(url, {
      method: 'POST',
      headers: deliveryHeaders(endpoint.secret, event!.id, now, body),
      body,
    });
    assert.equal(again.status, 204);
    assert.equal(await lineMatching(/^skipped duplicate/), `skipped duplicate ${event!.id}`);

    const forgedSecret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const forged = await fetch(url, {
      method: 'POST',
      headers: deliveryHeaders(forgedSecret, 'chg_forged', now, body),
      body,
    });
    assert.equal(forged.status, 400);
    assert.match(await lineMatching(/^refused a delivery/), /No webhook-signature matches/);
  });
});
