/**
 * Whether a booking meets an automation's conditions (SPEC §18): its status, event type, source,
 * guest count (≥, ≤), stage or a custom field's value (§19), each compared as the condition says.
 * A booking that fails one is not enrolled. Text compares without regard to case, as the lists'
 * filters do.
 */
import type { Condition } from './automation-shapes.js';

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

const same = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;

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
      return typeof actual === 'number' && typeof value === 'number' && actual >= value;
    case 'lteq':
      return typeof actual === 'number' && typeof value === 'number' && actual <= value;
    default:
      return false;
  }
}

export function meetsConditions(booking: BookingFacts, conditions: readonly Condition[]): boolean {
  let parsed: Record<string, unknown> | undefined;
  const custom = () => (parsed ??= JSON.parse(booking.custom_fields || '{}') as Record<string, unknown>);
  return conditions.every((condition) => holds(condition, valueOf(booking, condition.field, custom)));
}
