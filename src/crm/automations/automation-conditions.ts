/**
 * Whether a booking meets an automation's conditions (SPEC §18): its status, event type, source,
 * guest count (≥, ≤), stage or a custom field's value (§19), each compared as the condition says.
 * A booking that fails one is not enrolled. Text compares without regard to case, as the lists'
 * filters do; a multi-select field is its value when any of its values is (§19); ≥ and ≤ order
 * numbers (money in minor units) and dates (YYYY-MM-DD), and hold for nothing else.
 */
import type { Condition } from './automation-shapes.js';
import { storedValuesOf } from '../custom-fields/index.js';

/** What conditions read of a booking. */
export interface BookingFacts {
  status: string;
  event_type: string | null;
  source: string | null;
  guest_count: number | null;
  stage_id: string | null;
  /** Its custom fields' values (JSON), by key. */
  custom_fields: string;
}

const sameOne = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
const same = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) ? a.some((one) => sameOne(one, b)) : sameOne(a, b);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** actual against value, where both order alike: -1, 0 or 1; undefined where they do not. */
function order(actual: unknown, value: unknown): number | undefined {
  const number = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (typeof actual === 'string' && typeof value === 'string' && DATE.test(actual) && DATE.test(value)) {
    return actual < value ? -1 : actual > value ? 1 : 0;
  }
  const [a, b] = [number(actual), number(value)];
  if (typeof actual !== 'number' || Number.isNaN(a) || Number.isNaN(b)) return undefined;
  return Math.sign(a - b);
}

/** The operators a condition on a custom field of the type takes (an editor offers these). */
export function customConditionOps(fieldType: string): ReadonlyArray<Condition['op']> {
  return ['number', 'money', 'date'].includes(fieldType)
    ? ['eq', 'not_eq', 'in', 'gteq', 'lteq']
    : ['eq', 'not_eq', 'in'];
}

function valueOf(booking: BookingFacts, field: string, custom: () => Record<string, unknown>): unknown {
  if (field.startsWith('custom_fields.')) return custom()[field.slice('custom_fields.'.length)] ?? null;
  switch (field) {
    case 'status':
      return booking.status;
    case 'event_type':
      return booking.event_type;
    case 'source':
      return booking.source;
    case 'guest_count':
      return booking.guest_count === null ? null : Number(booking.guest_count);
    case 'stage':
      return booking.stage_id;
    default:
      return undefined;
  }
}

function holds(condition: Condition, actual: unknown): boolean {
  const { op, value } = condition;
  switch (op) {
    case 'eq':
      return same(actual, value);
    case 'not_eq':
      return !same(actual, value);
    case 'in':
      return Array.isArray(value) && value.some((v) => same(actual, v));
    case 'gteq':
      return (order(actual, value) ?? -1) >= 0;
    case 'lteq':
      return (order(actual, value) ?? 1) <= 0;
    default:
      return false;
  }
}

export function meetsConditions(booking: BookingFacts, conditions: readonly Condition[]): boolean {
  let decoded: Record<string, unknown> | undefined;
  const custom = () => (decoded ??= storedValuesOf(booking.custom_fields));
  return conditions.every((condition) => holds(condition, valueOf(booking, condition.field, custom)));
}
