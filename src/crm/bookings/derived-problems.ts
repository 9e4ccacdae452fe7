/**
 * A booking with several events takes its times, guests and spaces from them (SPEC §11): an update
 * naming them then is refused (422 derived_attribute), each problem carrying how many events it has.
 */
import type { FieldProblem } from '../../errors.js';
import type { BookingInput } from './booking-rules.js';

/** The booking attributes that come from its events, as a write names them. */
const DERIVED = [
  ['start_at', 'start_at'],
  ['end_at', 'end_at'],
  ['guest_count', 'guest_count'],
  ['spaceIds', 'spaces'],
] as const;

/** The derived attributes an update names while the booking has several events (read-only then). */
export function derivedProblems(input: BookingInput, events: number): FieldProblem[] {
  if (events <= 1) return [];
  return DERIVED.filter(([field]) => input[field] !== undefined).map(([field, name]) => {
    const detail = `This booking has ${events} events: its ${name} ${name === 'spaces' ? 'are' : 'is'} derived from them. Change its events at /v2/events.`;
    const data = { events };
    return field === 'spaceIds'
      ? {
          field: 'spaces',
          detail,
          code: 'derived_attribute',
          source: { pointer: '/data/relationships/spaces/data' },
          data,
        }
      : {
          field: name,
          detail,
          code: 'derived_attribute',
          source: { pointer: `/data/attributes/${name}` },
          data,
        };
  });
}
