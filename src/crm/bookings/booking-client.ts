import type { Trx } from '../../db/database.js';
import { ForbiddenError } from '../../errors.js';
import type { Actor } from '../../policy/actor.js';
import type { BookingInput } from './booking-rules.js';
import type { Booking } from './booking.table.js';

/**
 * A client's link (the portal door) acts on its own document's booking, and only to confirm it
 * when its proposal is accepted (SPEC §13): any other change through it is refused.
 */
function allowClient(actor: Actor, input: BookingInput, current: Booking): void {
  if (actor.door !== 'portal') return;
  const confirming = input.status === 'definite' && Object.keys(input).every((name) => name === 'status');
  if (actor.authority?.bookingId !== current.id || !confirming) {
    throw new ForbiddenError(
      'A client’s link only confirms the booking of the proposal it accepts.',
      'client_only',
    );
  }
}

/** A booking change's check with the client's rule first. */
export function withClientRule<Result>(
  check: (trx: Trx, actor: Actor, input: BookingInput, current: Booking) => Result,
): (trx: Trx, actor: Actor, input: BookingInput, current: Booking) => Result {
  return (trx, actor, input, current) => {
    allowClient(actor, input, current);
    return check(trx, actor, input, current);
  };
}
