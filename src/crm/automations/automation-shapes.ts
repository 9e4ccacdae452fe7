/**
 * The shapes of an automation (SPEC §18): its trigger, its conditions on the booking, its steps
 * in order and what ends a run. Each is read from the JSON the API and the settings page send
 * into the value the engine runs, with every problem at once, each at its own pointer
 * (`/data/attributes/steps/2/days`). Whether a named template, stage or member exists is the
 * command's to ask (automation-references.ts): here only the shape is judged.
 */
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../bookings/booking.table.js';
import { DOCUMENT_KINDS } from '../documents/document.table.js';
import { Problems } from '../validation.js';

export const TRIGGER_TYPES = [
  'inquiry.received',
  'booking.created',
  'booking.status_changed',
  'booking.stage_entered',
  'document.sent',
  'document.signed',
  'payment.received',
  'installment.due',
  'installment.overdue',
  'event.upcoming',
  'event.finished',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** Triggers that fire on a day counted from a record's date (`days` before or after it). */
export const DATE_TRIGGERS: readonly TriggerType[] = [
  'installment.due',
  'installment.overdue',
  'event.upcoming',
  'event.finished',
];

export interface Trigger {
  type: TriggerType;
  kind?: string;
  days?: number;
  status?: string;
  stage_id?: string;
  sources?: string[];
}

export const CONDITION_FIELDS = ['status', 'event_type', 'source', 'guest_count', 'stage'] as const;
export const CONDITION_OPS = ['eq', 'not_eq', 'in', 'gteq', 'lteq'] as const;
export interface Condition {
  field: string;
  op: (typeof CONDITION_OPS)[number];
  value: unknown;
}

export type Recipient = 'client' | 'owner' | 'admins' | { member_id: string };
export type Step =
  | { type: 'wait'; days?: number; hours?: number; at?: string; in_sending_window?: boolean }
  | { type: 'send_email'; template_id: string; to: Recipient; requires_approval?: boolean }
  | { type: 'create_task'; title: string; days: number; assignee: 'owner' | { member_id: string } }
  | { type: 'move_stage'; stage_id: string }
  | { type: 'add_note'; body: string };

export type ExitRule =
  { type: 'document.signed' } | { type: 'message.received' } | { type: 'status'; value: string[] };

export const MAX_STEPS = 20;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isDays = (v: unknown, max = 365): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

export function readTrigger(raw: unknown, problems: Problems): Trigger | undefined {
  const at = (member: string, detail: string) => problems.attribute(`trigger/${member}`, detail);
  if (!isObject(raw) || !(TRIGGER_TYPES as readonly unknown[]).includes(raw.type)) {
    problems.attribute('trigger/type', `A trigger's type is one of ${TRIGGER_TYPES.join(', ')}.`);
    return undefined;
  }
  const trigger: Trigger = { type: raw.type as TriggerType };
  if (DATE_TRIGGERS.includes(trigger.type)) {
    if (!isDays(raw.days)) at('days', 'Say how many days (0 to 365) from the record’s date it fires.');
    else trigger.days = raw.days;
  }
  if (trigger.type === 'document.sent' || trigger.type === 'document.signed') {
    if (raw.kind !== undefined && !(DOCUMENT_KINDS as readonly unknown[]).includes(raw.kind))
      at('kind', `A document's kind is one of ${DOCUMENT_KINDS.join(', ')}.`);
    else if (raw.kind !== undefined) trigger.kind = raw.kind as string;
  }
  if (trigger.type === 'booking.status_changed') {
    if (!(BOOKING_STATUSES as readonly unknown[]).includes(raw.status))
      at('status', `Name the status it changes to: one of ${BOOKING_STATUSES.join(', ')}.`);
    else trigger.status = raw.status as string;
  }
  if (trigger.type === 'booking.stage_entered') {
    if (!isId(raw.stage_id)) at('stage_id', 'Name the stage (its id) a booking enters.');
    else trigger.stage_id = raw.stage_id;
  }
  if (trigger.type === 'booking.created' && raw.sources !== undefined) {
    const sources = Array.isArray(raw.sources) ? raw.sources : [undefined];
    if (sources.some((s) => !(BOOKING_SOURCES as readonly unknown[]).includes(s)))
      at('sources', `Sources are among ${BOOKING_SOURCES.join(', ')}.`);
    else trigger.sources = [...new Set(sources as string[])];
  }
  return trigger;
}

export function readConditions(raw: unknown, problems: Problems): Condition[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 20) {
    problems.attribute('conditions', 'Conditions are a list of at most 20 {field, op, value}.');
    return [];
  }
  return raw.flatMap((c: unknown, i): Condition[] => {
    const where = `conditions/${i}`;
    if (!isObject(c)) {
      problems.attribute(where, 'A condition is {field, op, value}.');
      return [];
    }
    const field = c.field;
    const custom = typeof field === 'string' && /^custom_fields\.[a-z][a-z0-9_]{0,39}$/.test(field);
    if (!custom && !(CONDITION_FIELDS as readonly unknown[]).includes(field)) {
      problems.attribute(
        `${where}/field`,
        `A condition reads one of ${CONDITION_FIELDS.join(', ')} or custom_fields.<key>.`,
      );
      return [];
    }
    const numeric = field === 'guest_count';
    // A custom field's ops are its type's, checked against its definition when written
    // (automation-condition-fields.ts); ≥ and ≤ hold only where its value orders.
    const ops = numeric || custom ? CONDITION_OPS : (['eq', 'not_eq', 'in'] as const);
    if (!(ops as readonly unknown[]).includes(c.op)) {
      problems.attribute(`${where}/op`, `On ${String(field)} a condition's op is one of ${ops.join(', ')}.`);
      return [];
    }
    const value = c.value;
    const fits =
      c.op === 'in' ? Array.isArray(value) && value.length > 0 && value.length <= 50 : value !== undefined;
    if (!fits || (numeric && !(Number.isInteger(value) && (value as number) >= 0))) {
      problems.attribute(
        `${where}/value`,
        c.op === 'in'
          ? 'Give a list of 1 to 50 values.'
          : numeric
            ? 'A guest count is a whole number.'
            : 'Give the value to compare with.',
      );
      return [];
    }
    return [{ field: field as string, op: c.op as Condition['op'], value }];
  });
}
