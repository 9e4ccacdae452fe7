/**
 * The booking status machine (SPEC §7). A booking starts open (lead, tentative or definite);
 * it moves forward to a later open status or back from tentative or definite to an earlier one,
 * from definite to closed, from any open status to lost, and from lost back to lead. Closed is
 * final.
 */
import type { BookingStatus } from './booking.table.js';

export const OPEN_STATUSES: readonly BookingStatus[] = ['lead', 'tentative', 'definite'];

const MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  lead: ['tentative', 'definite', 'lost'],
  tentative: ['definite', 'lead', 'lost'],
  definite: ['tentative', 'lead', 'closed', 'lost'],
  closed: [],
  lost: ['lead'],
};

/** The statuses a booking may move to from `status`. */
export function allowedMoves(status: BookingStatus): readonly BookingStatus[] {
  return MOVES[status];
}

/** Why `from → to` is not allowed, or undefined when it is (staying put is always allowed). */
export function transitionProblem(from: BookingStatus | undefined, to: BookingStatus): string | undefined {
  if (from === undefined) {
    return OPEN_STATUSES.includes(to)
      ? undefined
      : `A booking starts as ${OPEN_STATUSES.join(', ')}; not ${to}.`;
  }
  if (from === to || MOVES[from].includes(to)) return undefined;
  const moves = MOVES[from];
  return moves.length === 0
    ? `A ${from} booking is final; it cannot become ${to}.`
    : `A ${from} booking can move to ${moves.join(', ')}; not to ${to}.`;
}
