/**
 * An automation in one line of plain words (SPEC §18): its trigger, its conditions, its steps in
 * order with the templates, stages and members they name, and what stops it; a shipped one not
 * yet made names its mail by the organization's template of its kind; what is no longer there is
 * said so.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { automationSummary } from '../../src/crm/automations/automation-summary.js';
import { SHIPPED_AUTOMATIONS } from '../../src/crm/automations/index.js';

const lookup = (known: Record<string, string>) => (id: string) => known[id];
const names = {
  template: lookup({ tpl_1: 'Follow-up', tpl_2: 'Deposit due' }),
  templateOfKind: lookup({ follow_up: 'Follow-up', payment_reminder: 'Reminder' }),
  stage: lookup({ stg_1: 'Site visit' }),
  member: lookup({ usr_1: 'Sam Rivers' }),
};

const shipped = (key: string) => SHIPPED_AUTOMATIONS.find((a) => a.key === key)!;

it('says a shipped follow-up as its trigger, its steps in order and what stops it', () => {
  assert.equal(
    automationSummary(shipped('proposal_follow_up'), names),
    'When a proposal is sent: wait 3 days until 09:00 in the sending window, then e-mail the client (Follow-up template). Stops when signed, the client writes, or lost.',
  );
  assert.equal(
    automationSummary(shipped('overdue_reminder'), names),
    '1 day after an unpaid installment was due: wait for the sending window, then e-mail the client (Reminder template), then wait 6 days in the sending window, then e-mail the client (Reminder template). Stops when lost.',
  );
  assert.equal(
    automationSummary(shipped('final_numbers_task'), names),
    '14 days before a booking’s first event: add the task “Confirm final numbers with the client” for the booking’s owner, due that day. Stops when lost.',
  );
});

it('names conditions, members, stages and approvals, and says what is no longer there', () => {
  const summary = automationSummary(
    {
      trigger: { type: 'booking.stage_entered', stage_id: 'stg_1' },
      conditions: [
        { field: 'guest_count', op: 'gteq', value: 50 },
        { field: 'status', op: 'in', value: ['lead', 'tentative'] },
      ],
      steps: [
        { type: 'wait', hours: 2 },
        { type: 'send_email', template_id: 'tpl_2', to: { member_id: 'usr_1' }, requires_approval: true },
        { type: 'send_email', template_id: 'tpl_gone', to: 'admins' },
        { type: 'create_task', title: 'Call back', days: 2, assignee: { member_id: 'usr_gone' } },
        { type: 'move_stage', stage_id: 'stg_gone' },
        { type: 'add_note', body: 'Followed up' },
      ],
      exitOn: [{ type: 'status', value: ['lost', 'closed'] }],
    },
    names,
  );
  assert.equal(
    summary,
    'When a booking enters the stage “Site visit”, if guest count is at least 50 and status is lead or tentative: wait 2 hours, then draft an e-mail, for a member to approve, to Sam Rivers (Deposit due template), then e-mail the admins (a template no longer there), then add the task “Call back” for a member no longer here, due 2 days later, then move the booking to the stage that is no longer there, then add the note “Followed up”. Stops when lost or closed.',
  );
});

it('says each kind of trigger, and nothing about stopping when nothing stops it', () => {
  const say = (trigger: Parameters<typeof automationSummary>[0]['trigger']) =>
    automationSummary({ trigger, steps: [{ type: 'add_note', body: 'x' }], exitOn: [] });
  assert.equal(say({ type: 'inquiry.received' }), 'When an inquiry arrives: add the note “x”.');
  assert.equal(
    say({ type: 'booking.created', sources: ['inquiry_form', 'api'] }),
    'When a booking is made from inquiry form or api: add the note “x”.',
  );
  assert.equal(
    say({ type: 'booking.status_changed', status: 'definite' }),
    'When a booking becomes definite: add the note “x”.',
  );
  assert.equal(say({ type: 'document.signed' }), 'When a document is signed: add the note “x”.');
  assert.equal(say({ type: 'payment.received' }), 'When a payment is received: add the note “x”.');
  assert.equal(
    say({ type: 'installment.due', days: 0 }),
    'On the day an installment is due: add the note “x”.',
  );
  assert.equal(
    say({ type: 'event.finished', days: 2 }),
    '2 days after a booking’s last event: add the note “x”.',
  );
});

it('ends a summary whose last words are a quoted sentence without a second full stop', () => {
  const say = (body: string) =>
    automationSummary({
      trigger: { type: 'inquiry.received' },
      steps: [{ type: 'add_note', body }],
      exitOn: [],
    });
  assert.equal(say('Check the menu.'), 'When an inquiry arrives: add the note “Check the menu.”');
  assert.equal(say('Call them?'), 'When an inquiry arrives: add the note “Call them?”');
  assert.equal(say('Call them'), 'When an inquiry arrives: add the note “Call them”.');
});
