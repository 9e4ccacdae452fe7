/**
 * An automation's trigger, conditions, steps and exits (SPEC §18) read from the JSON the API
 * sends: every shape the SPEC names is taken as it is given, and every bad part is refused at
 * its own pointer, all at once.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { readConditions, readTrigger } from '../../src/crm/automations/automation-shapes.js';
import { readExits, readSteps } from '../../src/crm/automations/automation-steps.js';
import { Problems } from '../../src/crm/validation.js';

function read(body: { trigger?: unknown; conditions?: unknown; steps?: unknown; exit_on?: unknown }) {
  const problems = new Problems();
  const value = {
    trigger: readTrigger(body.trigger, problems),
    conditions: readConditions(body.conditions, problems),
    steps: readSteps(body.steps, problems),
    exit_on: readExits(body.exit_on, problems),
  };
  return { value, pointers: problems.list.map((p) => p.source?.pointer) };
}

it('takes each trigger, condition, step and exit the SPEC names', () => {
  const { value, pointers } = read({
    trigger: { type: 'document.sent', kind: 'proposal' },
    conditions: [
      { field: 'status', op: 'in', value: ['lead', 'tentative'] },
      { field: 'guest_count', op: 'gteq', value: 50 },
      { field: 'custom_fields.how_heard', op: 'eq', value: 'instagram' },
    ],
    steps: [
      { type: 'wait', days: 3, at: '09:00', in_sending_window: true },
      { type: 'send_email', template_id: 'tpl_1', to: 'client', requires_approval: true },
      { type: 'create_task', title: ' Call them ', days: 1, assignee: 'owner' },
      { type: 'send_email', template_id: 'tpl_2', to: { member_id: 'usr_9' } },
      { type: 'move_stage', stage_id: 'stg_1' },
      { type: 'add_note', body: 'Followed up.' },
    ],
    exit_on: [
      { type: 'document.signed' },
      { type: 'message.received' },
      { type: 'status', value: ['lost', 'lost'] },
    ],
  });
  assert.deepEqual(pointers, []);
  assert.deepEqual(value.trigger, { type: 'document.sent', kind: 'proposal' });
  assert.equal(value.conditions.length, 3);
  assert.deepEqual(value.steps[2], { type: 'create_task', title: 'Call them', days: 1, assignee: 'owner' });
  assert.deepEqual(value.steps[3], {
    type: 'send_email',
    template_id: 'tpl_2',
    to: { member_id: 'usr_9' },
    requires_approval: false,
  });
  assert.deepEqual(value.exit_on[2], { type: 'status', value: ['lost'] });
  for (const trigger of [
    { type: 'installment.due', days: 3 },
    { type: 'event.finished', days: 2 },
    { type: 'booking.created', sources: ['inquiry_form', 'email'] },
    { type: 'booking.status_changed', status: 'definite' },
    { type: 'booking.stage_entered', stage_id: 'stg_2' },
    { type: 'payment.received' },
    { type: 'inquiry.received' },
  ]) {
    assert.deepEqual(read({ trigger, steps: [{ type: 'add_note', body: 'x' }] }).pointers, [], trigger.type);
  }
});

it('refuses every bad part at its own pointer, at once', () => {
  const { pointers } = read({
    trigger: { type: 'installment.due', days: -1 },
    conditions: [
      { field: 'colour', op: 'eq', value: 'red' },
      { field: 'guest_count', op: 'gteq', value: 'many' },
      { field: 'status', op: 'gteq', value: 'lead' },
    ],
    steps: [
      { type: 'wait', at: '25:00' },
      { type: 'send_email', to: 'everyone' },
      { type: 'create_task', title: 'Two\nlines', days: 400, assignee: 'nobody' },
      { type: 'move_stage' },
      { type: 'teleport' },
    ],
    exit_on: [{ type: 'status', value: ['gone'] }, { type: 'sunset' }],
  });
  assert.deepEqual(pointers, [
    '/data/attributes/trigger/days',
    '/data/attributes/conditions/0/field',
    '/data/attributes/conditions/1/value',
    '/data/attributes/conditions/2/op',
    '/data/attributes/steps/0/at',
    '/data/attributes/steps/1/template_id',
    '/data/attributes/steps/1/to',
    '/data/attributes/steps/2/title',
    '/data/attributes/steps/2/days',
    '/data/attributes/steps/2/assignee',
    '/data/attributes/steps/3/stage_id',
    '/data/attributes/steps/4/type',
    '/data/attributes/exit_on/0/value',
    '/data/attributes/exit_on/1/type',
  ]);
});

it('needs a trigger it knows, and steps that do something besides waiting', () => {
  assert.deepEqual(read({ trigger: { type: 'moon.full' }, steps: [] }).pointers, [
    '/data/attributes/trigger/type',
    '/data/attributes/steps',
  ]);
  assert.deepEqual(
    read({ trigger: { type: 'payment.received' }, steps: [{ type: 'wait', days: 1 }] }).pointers,
    ['/data/attributes/steps'],
  );
  assert.deepEqual(
    read({ trigger: { type: 'booking.status_changed' }, steps: [{ type: 'wait' }] }).pointers,
    ['/data/attributes/trigger/status', '/data/attributes/steps/0/days'],
  );
});
