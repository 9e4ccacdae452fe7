/**
 * @marquee/client's automations through a real server: the shipped ones a new organization has on,
 * one made by its key alone and turned on, the venue's own with every shape typed, a bad one
 * refused with the pointers of its parts, and the runs read (none yet).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type MarqueeApi, ValidationError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let api: MarqueeApi;

  before(async () => {
    ({ server, api } = await startVenue(suite.database));
  });
  after(() => server.close());

  it('lists the shipped automations, makes one by its key, and the venue’s own', async () => {
    const shipped = await api.automations.list({ sort: 'name' }).toArray();
    assert.deepEqual(
      shipped.map((a) => [a.key, a.enabled]),
      [
        ['acknowledge_inquiry', true],
        ['confirm_signed_proposal', true],
        ['payment_receipt', true],
      ],
    );
    const followUp = await api.automations.create({ key: 'proposal_follow_up' });
    assert.equal(followUp.enabled, false);
    const on = await api.automations.update(followUp.id, { enabled: true });
    assert.equal(on.enabled, true);
    assert.deepEqual(on.exit_on[0], { type: 'document.signed' });

    const general = (await api.emailTemplates.list({ kind: 'general' }).toArray())[0]!;
    const own = await api.automations.create({
      name: 'Thank the planner',
      trigger: { type: 'event.finished', days: 1 },
      steps: [
        { type: 'wait', at: '10:00', in_sending_window: true },
        { type: 'send_email', template_id: general.id, to: 'owner', requires_approval: true },
      ],
    });
    assert.equal(own.enabled, true);
    assert.equal(own.allow_reenrollment, false);
    assert.deepEqual(own.conditions, []);
    assert.equal((await api.automationRuns.list({ automation_id: own.id }).toArray()).length, 0);
  });

  it('refuses a bad automation with the pointer of each part', async () => {
    const refused = await api.automations
      .create({
        name: 'Broken',
        trigger: { type: 'installment.due' },
        steps: [{ type: 'move_stage', stage_id: 'stg_none' }],
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    assert.ok(refused instanceof ValidationError, String(refused));
    assert.deepEqual(refused.errors.map((e) => e.pointer).sort(), [
      '/data/attributes/steps/0/stage_id',
      '/data/attributes/trigger/days',
    ]);
  });
});
