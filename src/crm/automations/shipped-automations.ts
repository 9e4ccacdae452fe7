/**
 * The automations Marquee ships (SPEC §18), each one click to enable, with the venue's own
 * templates of the right kind: acknowledge an inquiry, confirm a signed proposal to the client
 * and the owner, a receipt for a payment (these three on in a new organization); follow up three
 * days after a proposal is sent unless it is signed or the client writes; remind of a deposit
 * three days before it is due, and of an overdue payment one and seven days after; a "final
 * numbers" task fourteen days before the first event; thank the client two days after the last.
 * Mail waits for the sending window (weekdays 09:00–17:00 in the venue's zone unless it says
 * otherwise) except the three answers a client expects at once.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { monotonicId } from '../../db/ids.js';
import type { EmailTemplateKind } from '../email-templates/index.js';
import type { ExitRule, Step, Trigger } from './automation-shapes.js';
import { type AutomationTable, automationCodec } from './automation.value.js';

/** A shipped automation, its mail named by the kind of template it sends. */
export interface ShippedAutomation {
  key: string;
  name: string;
  enabledInNewOrganization: boolean;
  trigger: Trigger;
  steps: Array<Step | { type: 'send_email'; template_kind: EmailTemplateKind; to: 'client' | 'owner' }>;
  exitOn: ExitRule[];
}

const windowed = { type: 'wait', in_sending_window: true } as const;

export const SHIPPED_AUTOMATIONS: readonly ShippedAutomation[] = [
  {
    key: 'acknowledge_inquiry',
    name: 'Acknowledge an inquiry',
    enabledInNewOrganization: true,
    trigger: { type: 'inquiry.received' },
    steps: [{ type: 'send_email', template_kind: 'inquiry_acknowledgement', to: 'client' }],
    exitOn: [],
  },
  {
    key: 'confirm_signed_proposal',
    name: 'Confirm a signed proposal',
    enabledInNewOrganization: true,
    trigger: { type: 'document.signed', kind: 'proposal' },
    steps: [
      { type: 'send_email', template_kind: 'signing_confirmation', to: 'client' },
      { type: 'send_email', template_kind: 'signing_confirmation', to: 'owner' },
    ],
    exitOn: [],
  },
  {
    key: 'payment_receipt',
    name: 'Receipt for a payment',
    enabledInNewOrganization: true,
    trigger: { type: 'payment.received' },
    steps: [{ type: 'send_email', template_kind: 'payment_receipt', to: 'client' }],
    exitOn: [],
  },
  {
    key: 'proposal_follow_up',
    name: 'Follow up a proposal',
    enabledInNewOrganization: false,
    trigger: { type: 'document.sent', kind: 'proposal' },
    steps: [
      { type: 'wait', days: 3, at: '09:00', in_sending_window: true },
      { type: 'send_email', template_kind: 'follow_up', to: 'client' },
    ],
    exitOn: [{ type: 'document.signed' }, { type: 'message.received' }, { type: 'status', value: ['lost'] }],
  },
  {
    key: 'deposit_reminder',
    name: 'Deposit reminder',
    enabledInNewOrganization: false,
    trigger: { type: 'installment.due', days: 3 },
    steps: [windowed, { type: 'send_email', template_kind: 'payment_reminder', to: 'client' }],
    exitOn: [{ type: 'status', value: ['lost'] }],
  },
  {
    key: 'overdue_reminder',
    name: 'Overdue payment reminder',
    enabledInNewOrganization: false,
    trigger: { type: 'installment.overdue', days: 1 },
    steps: [
      windowed,
      { type: 'send_email', template_kind: 'payment_reminder', to: 'client' },
      { type: 'wait', days: 6, in_sending_window: true },
      { type: 'send_email', template_kind: 'payment_reminder', to: 'client' },
    ],
    exitOn: [{ type: 'status', value: ['lost'] }],
  },
  {
    key: 'final_numbers_task',
    name: '"Final numbers" task',
    enabledInNewOrganization: false,
    trigger: { type: 'event.upcoming', days: 14 },
    steps: [
      { type: 'create_task', title: 'Confirm final numbers with the client', days: 0, assignee: 'owner' },
    ],
    exitOn: [{ type: 'status', value: ['lost'] }],
  },
  {
    key: 'thank_you',
    name: 'Thank the client after the event',
    enabledInNewOrganization: false,
    trigger: { type: 'event.finished', days: 2 },
    steps: [windowed, { type: 'send_email', template_kind: 'thank_you', to: 'client' }],
    exitOn: [],
  },
];

export const SHIPPED_KEYS = SHIPPED_AUTOMATIONS.map((a) => a.key);

export function shippedAutomation(key: string): ShippedAutomation | undefined {
  return SHIPPED_AUTOMATIONS.find((a) => a.key === key);
}

/** Its steps with the organization's template of each kind (undefined: a kind it has none of). */
export function shippedSteps(
  shipped: ShippedAutomation,
  templateOfKind: (kind: EmailTemplateKind) => string | undefined,
): Step[] | undefined {
  const steps: Step[] = [];
  for (const step of shipped.steps) {
    if (!('template_kind' in step)) {
      steps.push(step);
      continue;
    }
    const template = templateOfKind(step.template_kind);
    if (template === undefined) return undefined;
    steps.push({ type: 'send_email', template_id: template, to: step.to, requires_approval: false });
  }
  return steps;
}

/** The shipped automations a new organization starts with on (the first three), in its transaction. */
export async function insertShippedAutomations(
  db: Db | Trx,
  organizationId: string,
  now: number,
): Promise<void> {
  const templates = await db
    .selectFrom('email_templates')
    .select(['id', 'kind'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const at = isoTime(now);
  const rows = SHIPPED_AUTOMATIONS.filter((a) => a.enabledInNewOrganization).flatMap((shipped) => {
    const steps = shippedSteps(shipped, (kind) => templates.find((t) => t.kind === kind)?.id);
    if (!steps) return [];
    const value = { key: shipped.key, name: shipped.name, enabled: true, allowReenrollment: false };
    return [
      {
        id: monotonicId(now),
        organization_id: organizationId,
        ...automationCodec.encode({
          ...value,
          trigger: shipped.trigger,
          conditions: [],
          steps,
          exitOn: shipped.exitOn,
        }),
        created_at: at,
        updated_at: at,
      } as AutomationTable,
    ];
  });
  if (rows.length > 0) await db.insertInto('automations').values(rows).execute();
}
