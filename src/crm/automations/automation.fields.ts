/**
 * An automation's fields (SPEC §18), each declared once for every door (src/crm/data/fields.ts):
 * the API's attributes and the settings page. Its trigger, conditions, steps and exits are JSON
 * structures the kind's rules read (automation-shapes.ts, automation-steps.ts); `key` names a
 * shipped automation and never changes.
 */
import { defineFields, field } from '../data/fields.js';
import { TRIGGER_TYPES } from './automation-shapes.js';

const own = { csv: false, merge: false } as const;
const open = { additionalProperties: true } as const;

export const AUTOMATION_FIELDS = defineFields({
  name: field('text', 'Name', {
    ...own,
    writable: true,
    form: true,
    limits: { minLength: 1, maxLength: 200 },
  }),
  key: field('text', 'Shipped as', {
    ...own,
    nullable: true,
    writable: true,
    description:
      'The shipped automation it is (acknowledge_inquiry, confirm_signed_proposal, payment_receipt, proposal_follow_up, deposit_reminder, overdue_reminder, final_numbers_task, thank_you), or null for the venue’s own; given on create alone, it makes that one; never changes',
  }),
  enabled: field('boolean', 'On', {
    ...own,
    writable: true,
    form: true,
    description:
      'Whether bookings are enrolled; turning it off ends its waiting runs and those awaiting approval (exited), and turning it on again revives none',
  }),
  trigger: field('structure', 'When', {
    ...own,
    writable: true,
    shape: { type: 'object', ...open },
    description: `{type, kind?, days?, status?, stage_id?, sources?}; type is one of ${TRIGGER_TYPES.join(', ')}`,
  }),
  conditions: field('structure', 'Only if', {
    ...own,
    writable: true,
    shape: { type: 'array', items: { type: 'object', ...open } },
    description:
      '[{field, op, value}] on the booking: status, event_type, source, stage (eq, not_eq, in), guest_count (also gteq, lteq), custom_fields.<key>; a booking that fails them is not enrolled',
  }),
  steps: field('structure', 'Steps', {
    ...own,
    writable: true,
    shape: { type: 'array', items: { type: 'object', ...open } },
    description:
      "In order: {type: 'wait', days?, hours?, at? ('HH:MM'), in_sending_window?} | {type: 'send_email', template_id, to: 'client'|'owner'|'admins'|{member_id}, requires_approval?} | {type: 'create_task', title, days, assignee: 'owner'|{member_id}} | {type: 'move_stage', stage_id} | {type: 'add_note', body}",
  }),
  exit_on: field('structure', 'Stop when', {
    ...own,
    writable: true,
    shape: { type: 'array', items: { type: 'object', ...open } },
    description:
      "[{type: 'document.signed'} | {type: 'status', value: [...]} | {type: 'message.received'}]: a run stops when one happens",
  }),
  allow_reenrollment: field('boolean', 'May start again for a booking', {
    ...own,
    writable: true,
    form: true,
    description: 'A run starts once per booking unless this is true (default false)',
  }),
  created_at: field('instant', 'Created', own),
  updated_at: field('instant', 'Updated', own),
});
