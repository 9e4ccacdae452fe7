/**
 * Changes fan out to webhook endpoints per unit of work (src/webhooks/active-endpoints.ts): the
 * organization's endpoints are read once however many changes one unit of work records (a lead
 * records five), and an endpoint created, turned off or deleted earlier in the same transaction
 * is seen by every change recorded after it: none missed, none sent to one gone.
 */
import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { ACCOUNT_ACTIONS, createAccount } from '../../src/crm/accounts/index.js';
import { createLead } from '../../src/crm/leads/lead.command.js';
import { newId } from '../../src/db/ids.js';
import type { Actor } from '../../src/policy/actor.js';
import {
  deleteEndpointRow,
  insertEndpoint,
  updateEndpointRow,
} from '../../src/webhooks/endpoint.repository.js';
import type { WebhookEndpointTable } from '../../src/webhooks/webhook.table.js';
import { type Work, write, type Writer } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { statementsOf } from '../helpers/statements.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { TestClock } from '../helpers/test-clock.js';
import { staffActor } from '../../src/policy/actor.js';

const readsEndpoints = (statements: string[]) =>
  statements.filter((sql) => /^select .* from "webhook_endpoints"/.test(sql)).length;

eachDatabase((suite) => {
  let venue: Venue;
  let writer: Writer;
  let actor: Actor;

  // A venue of its own for each test: no endpoint of another test's.
  beforeEach(async () => {
    venue = await makeVenue(suite.db);
    const clock = new TestClock();
    clock.setTo(Date.parse('2031-06-02T09:00:00Z'));
    writer = { db: suite.db, clock };
    actor = staffActor({ organizationId: venue.orgId, userId: null, role: 'member', door: 'api' });
  });

  function endpoint(events: string[] = ['*']): WebhookEndpointTable {
    const now = writer.clock.now();
    const at = isoTime(now);
    return {
      id: newId(now),
      integration_id: venue.privateClient.id,
      organization_id: venue.orgId,
      url: 'https://hooks.example/in',
      description: null,
      events: JSON.stringify(events),
      secret: 'whsec_test',
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    };
  }

  /** Runs `body` as one unit of work; the statements it ran. */
  async function unitOfWork(body: (work: Work) => Promise<void>): Promise<string[]> {
    let statements: string[] = [];
    await write(
      writer,
      actor,
      {
        action: ACCOUNT_ACTIONS.create,
        run: async (work) => void (statements = await statementsOf(work.trx, () => body(work))),
      },
      undefined,
    );
    return statements;
  }

  /** The organization's latest changes, oldest first, each with the endpoints it was queued for. */
  async function latestChanges(count: number) {
    const changes = await suite.db
      .selectFrom('changes')
      .select(['id', 'type'])
      .where('organization_id', '=', venue.orgId)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    const deliveries = await suite.db
      .selectFrom('webhook_deliveries')
      .select(['change_id', 'endpoint_id'])
      .where(
        'change_id',
        'in',
        changes.map((c) => c.id),
      )
      .execute();
    return changes.reverse().map((change) => ({
      type: change.type,
      endpoints: deliveries
        .filter((d) => d.change_id === change.id)
        .map((d) => d.endpoint_id)
        .sort(),
    }));
  }

  it('reads the endpoints once for all the changes of a lead', async () => {
    const all = endpoint();
    const bookings = endpoint(['booking.created']);
    await suite.db.transaction().execute(async (trx) => {
      await insertEndpoint(trx, all);
      await insertEndpoint(trx, bookings);
    });
    const statements = await unitOfWork(async (work) => {
      await work.run(createLead, {
        contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com' },
        date: '2031-09-18',
        message: 'A ceremony in the garden.',
        source: 'inquiry_form',
      });
    });
    assert.equal(readsEndpoints(statements), 1);
    const told = await latestChanges(5);
    assert.deepEqual(
      told.map((c) => c.type),
      ['account.created', 'contact.created', 'booking.created', 'event.created', 'note.created'],
    );
    const both = [all.id, bookings.id].sort();
    assert.deepEqual(
      told.map((c) => c.endpoints),
      [[all.id], [all.id], both, [all.id], [all.id]],
    );
  });

  it('queues the changes after an endpoint is created in the same unit of work for it too', async () => {
    const kept = endpoint();
    await suite.db.transaction().execute((trx) => insertEndpoint(trx, kept));
    const added = endpoint(['account.created']);
    const statements = await unitOfWork(async (work) => {
      await work.run(createAccount, { name: 'Before' });
      await insertEndpoint(work.trx, added);
      await work.run(createAccount, { name: 'After' });
      await work.run(createAccount, { name: 'After that' });
    });
    // Once before the endpoint was made, once after.
    assert.equal(readsEndpoints(statements), 2);
    assert.deepEqual(await latestChanges(3), [
      { type: 'account.created', endpoints: [kept.id] },
      { type: 'account.created', endpoints: [kept.id, added.id].sort() },
      { type: 'account.created', endpoints: [kept.id, added.id].sort() },
    ]);
  });

  it('queues none of the changes after an endpoint is turned off or deleted in the same unit of work for it', async () => {
    const kept = endpoint();
    const turnedOff = endpoint();
    const deleted = endpoint(['account.created']);
    await suite.db.transaction().execute(async (trx) => {
      for (const e of [kept, turnedOff, deleted]) await insertEndpoint(trx, e);
    });
    const statements = await unitOfWork(async (work) => {
      await work.run(createAccount, { name: 'Before' });
      await updateEndpointRow(work.trx, turnedOff.id, { disabled_at: isoTime(work.now) });
      await work.run(createAccount, { name: 'Between' });
      await deleteEndpointRow(work.trx, deleted.id);
      await work.run(createAccount, { name: 'After' });
    });
    assert.equal(readsEndpoints(statements), 3);
    assert.deepEqual(await latestChanges(3), [
      // The deleted endpoint's deliveries went with it.
      { type: 'account.created', endpoints: [kept.id, turnedOff.id].sort() },
      { type: 'account.created', endpoints: [kept.id] },
      { type: 'account.created', endpoints: [kept.id] },
    ]);
  });
});
