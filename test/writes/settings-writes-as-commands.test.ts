/**
 * The writes of Settings that once opened their own transactions are commands of the unit of work
 * (docs/decisions/0006-the-write-seam.md): a test message, a message sent again and a webhook
 * delivery's resend. What they cannot do is a refusal they return (not throw), with nothing
 * written; what they do commits with its job.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { sendMailAgain, sendTestMail } from '../../src/crm/organization/index.js';
import { staffActor } from '../../src/policy/actor.js';
import { resendDelivery } from '../../src/integrations/integration-webhooks.js';
import { isRefusal } from '../../src/writes/refusal.js';
import { attempt, type Command, workIn } from '../../src/writes/unit-of-work.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';

eachDatabase((suite) => {
  async function admin() {
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id, { role: 'admin' });
    return staffActor({ organizationId: org.id, userId: user.id, role: 'admin', door: 'workspace' });
  }

  /** The instant the commands run at: a fixed one, whatever the day. */
  const AT = Date.parse('2026-03-02T10:00:00.000Z');

  /** What the command returns when run in a unit of work that is then rolled back. */
  async function returned<Input, Result>(
    actor: ReturnType<typeof staffActor>,
    command: Command<Input, Result>,
    input: Input,
  ) {
    let outcome: Result | undefined;
    await suite.db
      .transaction()
      .execute(async (trx) => {
        outcome = await command.run(workIn(trx, actor, AT), input);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    return outcome;
  }

  it('returns the refusals of a resend and of a message sent again, writing nothing', async () => {
    const actor = await admin();
    const before = [await countRows(suite.db, 'webhook_deliveries'), await countRows(suite.db, 'jobs')];
    const resent = await returned(actor, resendDelivery, { integrationId: 'nope', deliveryId: 'nope' });
    assert.ok(isRefusal(resent));
    assert.deepEqual(
      [resent.status, resent.code, resent.detail],
      [404, 'not_found', 'There is no such webhook delivery.'],
    );
    const again = await returned(actor, sendMailAgain, { id: 'nope' });
    assert.ok(isRefusal(again));
    assert.deepEqual([again.status, again.code], [404, 'not_found']);
    const writer = { db: suite.db, clock: systemClock };
    const page = await attempt(writer, actor, sendMailAgain, { id: 'nope' });
    assert.deepEqual(page.ok ? 'made' : page.refusal.code, 'not_found');
    assert.deepEqual(
      [await countRows(suite.db, 'webhook_deliveries'), await countRows(suite.db, 'jobs')],
      before,
    );
  });

  it('queues a test message to the acting admin with its job, and sends a kept one again', async () => {
    const actor = await admin();
    const writer = { db: suite.db, clock: systemClock };
    const kept = await attempt(writer, actor, sendTestMail, { sending: false });
    assert.ok(kept.ok);
    const mail = await suite.db
      .selectFrom('outgoing_mail')
      .select(['id', 'status', 'kind'])
      .where('organization_id', '=', actor.organizationId)
      .execute();
    assert.deepEqual(
      mail.map((m) => [m.kind, m.status]),
      [['test', 'outbox']],
    );
    const again = await attempt(writer, actor, sendMailAgain, { id: mail[0]!.id });
    assert.ok(again.ok);
    const after = await suite.db
      .selectFrom('outgoing_mail')
      .select('status')
      .where('id', '=', mail[0]!.id)
      .executeTakeFirstOrThrow();
    assert.equal(after.status, 'pending');
    const jobs = await suite.db
      .selectFrom('jobs')
      .select('kind')
      .where('organization_id', '=', actor.organizationId)
      .where('kind', '=', 'mail.send')
      .execute();
    assert.equal(jobs.length, 1);
    // Sent or waiting already: nothing to send again.
    const twice = await attempt(writer, actor, sendMailAgain, { id: mail[0]!.id });
    assert.deepEqual(twice.ok ? 'made' : twice.refusal.code, 'not_found');
  });
});
