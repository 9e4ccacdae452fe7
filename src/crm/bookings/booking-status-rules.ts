/**
 * The status a booking write asks for, judged (SPEC §7): a known status, reached by a move the
 * status machine allows (booking-status.ts) — any, for a booking imported with its history — and
 * a lost_reason when lost (dropped when it leaves lost, unless given). When a stage asked for the
 * move (stage-status.ts, SPEC §15), a refusal points at the stage the write named and says so.
 */
import { optionalText, type Problems } from '../validation.js';
import { transitionProblem } from './booking-status.js';
import { BOOKING_STATUSES, type Booking, type BookingStatus } from './booking.table.js';
import type { StatusByStage } from './stage-status.js';

/** What of a booking write the status rule reads. */
export interface StatusInput {
  status?: string | undefined;
  lost_reason?: string | null | undefined;
  history?: boolean | undefined;
}

const DEFAULT_STATUS: BookingStatus = 'lead';

export function checkStatus(
  input: StatusInput,
  current: Pick<Booking, 'status' | 'lost_reason'> | undefined,
  problems: Problems,
  byStage: StatusByStage | undefined,
) {
  const given = input.status ?? current?.status ?? DEFAULT_STATUS;
  const known = (BOOKING_STATUSES as readonly string[]).includes(given);
  const status = (known ? given : (current?.status ?? DEFAULT_STATUS)) as BookingStatus;
  // A booking imported with its history may arrive in any status (closed, lost) as exported.
  const arriving = input.history === true && current === undefined;
  const move = known
    ? arriving
      ? undefined
      : transitionProblem(current?.status, status)
    : `"${given}" is not a status; one of ${BOOKING_STATUSES.join(', ')}.`;
  if (move && byStage) {
    // The stage asked for the move: the refusal points at the stage the write named.
    const detail = `${byStage.stage.name} stands for ${byStage.stage.status}: ${move}`;
    if (byStage.field === 'stage_id') problems.attribute('stage_id', detail, 'invalid_transition');
    else problems.relationship('stage', detail, 'invalid_transition');
  } else if (move) problems.attribute('status', move, 'invalid_transition');
  const leavingLost = current?.status === 'lost' && status !== 'lost' && input.lost_reason === undefined;
  const lostReason = leavingLost
    ? null
    : input.lost_reason !== undefined
      ? optionalText(input.lost_reason)
      : (current?.lost_reason ?? null);
  if (status === 'lost' && lostReason === null) {
    const moved = byStage ? `${byStage.stage.name} stands for lost: ` : '';
    problems.attribute('lost_reason', `${moved}Say why the booking was lost.`, 'required');
  }
  return { status, lostReason };
}
