/**
 * A real `marquee serve` (`--workers 2` on PostgreSQL) killed with SIGKILL while it makes 1,000
 * webhook deliveries, then started again (SPEC §8, §18): the receiver, a real HTTP server in this
 * process, gets every delivery, and none twice — save in the window HTTP leaves open: the receiver
 * had answered 2xx, but the process died before the delivery's record committed. Such a delivery is
 * made again after the restart, with the same webhook-id, so the receiver can tell. The window is
 * measured between the kill and the restart (test/jobs/crash-window.ts): the deliveries the
 * receiver holds that are not recorded `succeeded`. A runner makes at most 8 at once, so at most
 * 8 can be in it; any other repeat, or any delivery missing, fails.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { changeId } from '../../src/changes/record-change.js';
import { queueDeliveries } from '../../src/webhooks/fan-out.js';
import { startTestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import { startServer } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { apiFor } from '../helpers/writes.js';
import { assertOnceBut, LEASE } from './crash-window.js';

const DELIVERIES = 1000;

eachDatabase((suite) => {
  async function succeeded(): Promise<Set<string>> {
    const rows = await suite.db
      .selectFrom('webhook_deliveries')
      .select('change_id')
      .where('status', '=', 'succeeded')
      .execute();
    return new Set(rows.map((row) => row.change_id));
  }

  async function until(enough: () => boolean | Promise<boolean>, ms: number, what: string) {
    const deadline = Date.now() + ms;
    while (!(await enough())) {
      assert.ok(Date.now() < deadline, what);
      await delay(5);
    }
  }

  it('makes each of 1,000 deliveries once across a SIGKILL', { timeout: 240_000 }, async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const venue = await makeVenue(suite.db);
      const writer = await startTestServer(suite.database, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
      try {
        const api = apiFor(writer, await clientCredentialsToken(writer, venue), venue.orgId);
        const made = await api<{ data: { attributes: { secret: string } } }>('/v2/webhook_endpoints', {
          method: 'POST',
          body: { data: { type: 'webhook_endpoints', attributes: { url, events: ['account.created'] } } },
        });
        receiver.secret = made.body.data.attributes.secret;
      } finally {
        await writer.close();
      }
      const now = Date.now();
      const events: string[] = [];
      // 1,000 committed events, each with its delivery queued in its transaction (as a write does).
      await suite.db.transaction().execute(async (trx) => {
        for (let i = 0; i < DELIVERIES; i++) {
          const id = changeId(now);
          const at = isoTime(now);
          const object = { type: 'accounts', id: `acc_${i}`, attributes: { name: `Account ${i}` } };
          await trx
            .insertInto('changes')
            .values({
              id,
              organization_id: venue.orgId,
              type: 'account.created',
              data: JSON.stringify({ object }),
              created_at: at,
              updated_at: at,
            })
            .execute();
          await queueDeliveries(trx, {
            id,
            organizationId: venue.orgId,
            type: 'account.created',
            createdAt: at,
          });
          events.push(id);
        }
      });
      const workers = suite.database.dialect === 'postgres' ? ['--workers', '2'] : [];
      const env = {
        ...suite.database.env,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        MARQUEE_JOB_LEASE: LEASE,
        LOG_LEVEL: 'warn',
      };

      const first = await startServer(env, ['--migrate', ...workers]);
      await until(
        () => receiver.received.length >= DELIVERIES / 5,
        90_000,
        'the first process delivered too little',
      );
      await first.stop('SIGKILL');
      const recorded = await succeeded();
      assert.ok(recorded.size < DELIVERIES, 'the kill came after every delivery was made');
      const window = new Set(receiver.received.map((r) => r.id).filter((id) => !recorded.has(id)));

      const second = await startServer(env, workers);
      try {
        // The dead process's leases run out (LEASE seconds), then its jobs are taken again.
        await until(
          async () => (await succeeded()).size === DELIVERIES,
          150_000,
          'not every delivery was made',
        );
      } finally {
        await second.stop('SIGTERM');
      }

      assert.ok(
        receiver.received.every((r) => r.event !== undefined && r.event.id === r.id),
        'every delivery verifies, its webhook-id its event',
      );
      const count = assertOnceBut(
        events,
        receiver.received.map((r) => r.id),
        window,
        8,
      );
      console.log(`# ${suite.database.dialect}: deliveries at the receiver ${JSON.stringify(count)}`);
    } finally {
      await receiver.close();
    }
  });
});
