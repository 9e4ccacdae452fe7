/**
 * What a write of a booking's children marks the booking with (aggregate.ts): what changed, so
 * that its aggregate keeps only what follows from it. Marks of one booking merge across the whole
 * unit of work.
 */
import type { Told } from '../change-events.js';

export interface BookingMarks {
  /** Its events changed: its start, end, spaces and guests are theirs again. */
  events?: boolean;
  /** Events whose guests changed: their per-person lines follow. */
  guests?: readonly string[];
  /** Its lines changed: its sums again. */
  lines?: boolean;
  /** Its schedule may resolve otherwise: its installments, a signed proposal, its day or zone. */
  schedule?: boolean;
  /** Payments were recorded or deleted. */
  payments?: boolean;
  /** A payment was recorded: a balance brought to 0 is told as `booking.paid`. */
  byPayment?: boolean;
  /** Installments being written, told of by their own writes. */
  writing?: readonly string[];
  /**
   * Its status changed: its events carry it, and each move (its `booking.updated`, told) is then
   * told as `booking.status_changed`.
   */
  status?: readonly Told[];
}

const both = (earlier: readonly string[] = [], later: readonly string[] = []) => [
  ...new Set([...earlier, ...later]),
];

export function mergeMarks(earlier: BookingMarks, later: BookingMarks): BookingMarks {
  const merged: BookingMarks = {};
  for (const flag of ['events', 'lines', 'schedule', 'payments', 'byPayment'] as const) {
    if (earlier[flag] || later[flag]) merged[flag] = true;
  }
  if (earlier.guests || later.guests) merged.guests = both(earlier.guests, later.guests);
  if (earlier.writing || later.writing) merged.writing = both(earlier.writing, later.writing);
  if (earlier.status || later.status) merged.status = [...(earlier.status ?? []), ...(later.status ?? [])];
  return merged;
}
