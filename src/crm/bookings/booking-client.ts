import type { Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import type { BookingInput } from './booking-rules.js';
import type { Booking } from './booking.table.js';

/**
 * A client's link (the portal door) acts on its own document's booking, and only to confirm it
 * when its proposal is accepted (SPEC §13): any other change through it is refused.
 */
function clientRefusal(actor: Actor, input: BookingInput, current: Booking): Refusal | undefined {
  if (actor.door !== 'portal') return undefined;
  const confirming = input.status === 'definite' && Object.keys(input).every((name) => name === 'status');
  if (actor.authority?.bookingId === current.id && confirming) return undefined;
  return refuse({
    status: 403,
    code: 'client_only',
    detail: 'A client’s link only confirms the booking of the proposal it accepts.',
  });
}

/** A booking change's check with the client's rule first: its refusal, or what the check makes. */
export function withClientRule<Result>(
  check: (trx: Trx, actor: Actor, input: BookingInput, current: Booking) => Promise<Result>,
): (trx: Trx, actor: Actor, input: BookingInput, current: Booking) => Promise<Result | Refusal> {
  return async (trx, actor, input, current) =>
    clientRefusal(actor, input, current) ?? check(trx, actor, input, current);
}
