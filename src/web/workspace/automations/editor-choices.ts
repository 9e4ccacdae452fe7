/**
 * What the automation editor offers, in a venue's words (SPEC §18, §19): the triggers, the fields a
 * condition may test — the booking's own and the organization's custom fields of bookings, each
 * with the operators its type takes (customConditionOps) and the kind of value it is given — the
 * statuses, sources, document kinds, stages, e-mail templates and members to choose among.
 */
import { type Condition, customConditionOps, TRIGGER_TYPES } from '../../../crm/automations/index.js';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../../../crm/bookings/index.js';
import type { CustomField } from '../../../crm/custom-fields/index.js';
import type { Choice } from '../forms/form-fields.js';
import { STATUS_LABELS } from '../bookings/booking-badges.js';

export type Op = Condition['op'];

/** How a condition's value is given: ticks among choices, or one typed value of a kind. */
export type ValueKind = 'choice' | 'whole' | 'number' | 'money' | 'date' | 'text';

export interface ConditionField {
  /** As the condition names it: `guest_count`, `custom_fields.diet`. */
  value: string;
  label: string;
  kind: ValueKind;
  ops: readonly Op[];
  choices: readonly Choice[];
  /** A custom field: its type (§19). */
  fieldType?: string;
}

/** Everything the editor lists, read once for the page. */
export interface EditorChoices {
  stages: readonly Choice[];
  templates: readonly Choice[];
  members: readonly Choice[];
  customFields: readonly CustomField[];
  /** The organization's currency, in which a money condition is typed. */
  currency: string;
}

export const TRIGGER_WORDS: Record<(typeof TRIGGER_TYPES)[number], string> = {
  'inquiry.received': 'An inquiry arrives',
  'booking.created': 'A booking is made',
  'booking.status_changed': 'A booking’s status changes',
  'booking.stage_entered': 'A booking enters a stage',
  'document.sent': 'A document is sent to the client',
  'document.signed': 'A document is signed',
  'payment.received': 'A payment is received',
  'installment.due': 'Some days before an installment is due',
  'installment.overdue': 'Some days after an unpaid installment was due',
  'event.upcoming': 'Some days before a booking’s first event',
  'event.finished': 'Some days after a booking’s last event',
};
export const TRIGGER_CHOICES: readonly Choice[] = TRIGGER_TYPES.map((t) => ({
  value: t,
  label: TRIGGER_WORDS[t],
}));

export const STATUS_CHOICES: readonly Choice[] = BOOKING_STATUSES.map((s) => ({
  value: s,
  label: STATUS_LABELS[s],
}));

const SOURCE_WORDS: Record<(typeof BOOKING_SOURCES)[number], string> = {
  inquiry_form: 'The inquiry form',
  api: 'An integration (the API)',
  workspace: 'The workspace',
  import: 'A CSV import',
  assistant: 'An AI assistant',
  email: 'An e-mail',
};
export const SOURCE_CHOICES: readonly Choice[] = BOOKING_SOURCES.map((s) => ({
  value: s,
  label: SOURCE_WORDS[s],
}));

export const KIND_CHOICES: readonly Choice[] = [
  { value: 'proposal', label: 'Proposal' },
  { value: 'beo', label: 'Banquet event order (BEO)' },
  { value: 'invoice', label: 'Invoice' },
];

export const STEP_CHOICES: readonly Choice[] = [
  { value: 'wait', label: 'Wait' },
  { value: 'send_email', label: 'Send an e-mail' },
  { value: 'create_task', label: 'Add a task' },
  { value: 'move_stage', label: 'Move the booking to a stage' },
  { value: 'add_note', label: 'Add a note to the booking' },
];

/** An operator in words; a date's order reads as before and after. */
export function opWords(op: Op, kind: ValueKind): string {
  if (kind === 'date' && op === 'gteq') return 'is on or after';
  if (kind === 'date' && op === 'lteq') return 'is on or before';
  return { eq: 'is', not_eq: 'is not', in: 'is one of', gteq: 'is at least', lteq: 'is at most' }[op];
}

const CUSTOM_KINDS: Record<string, ValueKind> = {
  select: 'choice',
  multi_select: 'choice',
  boolean: 'choice',
  number: 'number',
  money: 'money',
  date: 'date',
};

function customCondition(field: CustomField): ConditionField {
  const type = field.custom.fieldType;
  const choices =
    type === 'boolean'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : field.custom.options.filter((o) => !o.archived).map((o) => ({ value: o.value, label: o.label }));
  return {
    value: `custom_fields.${field.name}`,
    label: field.label,
    kind: CUSTOM_KINDS[type] ?? 'text',
    ops: customConditionOps(type),
    choices,
    fieldType: type,
  };
}

/** Every field a condition may test: the booking's own, then its custom fields in their order. */
export function conditionFields(choices: EditorChoices): ConditionField[] {
  const some: readonly Op[] = ['eq', 'not_eq', 'in'];
  return [
    { value: 'status', label: 'Status', kind: 'choice', ops: some, choices: STATUS_CHOICES },
    { value: 'event_type', label: 'Event type', kind: 'text', ops: some, choices: [] },
    { value: 'source', label: 'Where it came from', kind: 'choice', ops: some, choices: SOURCE_CHOICES },
    {
      value: 'guest_count',
      label: 'Guest count',
      kind: 'whole',
      ops: ['eq', 'not_eq', 'gteq', 'lteq'],
      choices: [],
    },
    { value: 'stage', label: 'Stage', kind: 'choice', ops: some, choices: choices.stages },
    ...choices.customFields.filter((f) => !f.custom.archived).map(customCondition),
  ];
}

/** The field a condition row names, one no longer offered (an archived field) read as it is. */
export function conditionField(choices: EditorChoices, field: string): ConditionField | undefined {
  const offered = conditionFields(choices).find((f) => f.value === field);
  if (offered) return offered;
  const custom = choices.customFields.find((f) => `custom_fields.${f.name}` === field);
  return custom && customCondition(custom);
}
