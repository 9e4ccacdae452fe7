/**
 * What the client agreed to when they signed a proposal (SPEC §13, "Versions, finals and voids"),
 * kept as one SHA-256 per part of the booking, so that the booking as it is now can be compared
 * with it part by part: a signed proposal whose events, lines, totals or schedule changed since
 * reads `changed_since_signed: true`, and the booking's page names the parts. Both sides are read
 * by one loader, in the orders a proposal shows them (document-facts.ts).
 * Only what the client agreed to counts: a booking's name, its notes, payments received (an
 * installment's state) change nothing here.
 */
import { createHash } from 'node:crypto';
import type { Db, Trx } from '../../db/database.js';
import { decodeEvent } from '../events/index.js';
import { installmentCodec } from '../payments/index.js';
import { lineItemCodec } from '../pricing/index.js';
import { storedSignedStateOf } from './document.codec.js';
import type { DocumentFacts } from './document-facts.js';
import { SIGNED_PARTS, type SignedPart, type SignedState } from './signed-parts.js';

export { SIGNED_PARTS, type SignedPart, type SignedState };

export const PART_WORDS: Readonly<Record<SignedPart, string>> = {
  events: 'Events',
  lines: 'Lines',
  totals: 'Totals',
  schedule: 'Schedule',
};

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
// The two databases give numbers as numbers or as text; a part is the same whichever.
const num = (value: number | string | null) => (value === null ? null : Number(value));

/** The parts of the booking in the facts, each as its SHA-256. */
export function signedStateOf(facts: AgreedFacts): SignedState {
  const { booking } = facts;
  return {
    events: digest(
      facts.events.map((e) => [
        e.id,
        e.name,
        e.startDate,
        e.endDate,
        e.startTime,
        e.endTime,
        // The bytes signed before events were read as values: all day as 0 or 1.
        e.allDay ? 1 : 0,
        [...e.spaceIds].sort(),
        e.guestCount,
      ]),
    ),
    lines: digest(
      facts.lines.map((l) => [
        l.id,
        l.itemId,
        l.name,
        l.eventId,
        l.unit,
        num(l.quantity),
        l.unitPrice,
        l.amount,
        l.serviceChargeAmount,
        l.taxAmount,
      ]),
    ),
    totals: digest([
      num(booking.subtotal),
      num(booking.service_charge_total),
      num(booking.tax_total),
      num(booking.grand_total),
    ]),
    schedule: digest(
      facts.installments.map((i) => [i.label, i.amountDue, i.dueDate, i.dueOn, i.dueOnSigning ? 1 : 0]),
    ),
  };
}

/** What the parts are made of: a booking with its events, lines and schedule, as a document's facts hold them. */
export type AgreedFacts = Pick<DocumentFacts, 'booking' | 'events' | 'lines' | 'installments'>;

/** Rows by their booking, in the order given. */
function byBooking<Row extends { booking_id: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.booking_id);
    if (group) group.push(row);
    else groups.set(row.booking_id, [row]);
  }
  return groups;
}

// Bookings read together; each list of ids stays well under both databases' parameter limits.
const BATCH = 500;

/**
 * The parts of each booking as they are now, by booking id (bookings not the organization's are
 * left out). A few queries for any number of bookings, so an organization's signed proposals are
 * compared in one read; signing reads its booking through here too, so both sides are made alike.
 */
export async function bookingStatesNow(
  db: Db | Trx,
  organizationId: string,
  bookingIds: readonly string[],
): Promise<Map<string, SignedState>> {
  const states = new Map<string, SignedState>();
  for (let start = 0; start < bookingIds.length; start += BATCH) {
    const ids = bookingIds.slice(start, start + BATCH);
    const [bookings, events, lines, installments] = await Promise.all([
      db
        .selectFrom('bookings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', 'in', ids)
        .execute(),
      // The orders of document-facts.ts, within each booking.
      db
        .selectFrom('events')
        .selectAll()
        .where('booking_id', 'in', ids)
        .orderBy('booking_id')
        .orderBy('start_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('line_items')
        .selectAll()
        .where('booking_id', 'in', ids)
        .orderBy('booking_id')
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('installments')
        .selectAll()
        .where('booking_id', 'in', ids)
        .orderBy('booking_id')
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
    const eventsOf = byBooking(events);
    const linesOf = byBooking(lines);
    const installmentsOf = byBooking(installments);
    for (const booking of bookings) {
      states.set(
        booking.id,
        signedStateOf({
          booking,
          events: (eventsOf.get(booking.id) ?? []).map(decodeEvent),
          lines: (linesOf.get(booking.id) ?? []).map(lineItemCodec.decode),
          installments: (installmentsOf.get(booking.id) ?? []).map(installmentCodec.decode),
        }),
      );
    }
  }
  return states;
}

/** The booking's parts as they are now; undefined when the booking is not the organization's. */
export async function bookingStateNow(
  db: Db | Trx,
  organizationId: string,
  bookingId: string,
): Promise<SignedState | undefined> {
  return (await bookingStatesNow(db, organizationId, [bookingId])).get(bookingId);
}

/** The parts that differ, in SIGNED_PARTS' order. */
export function changedParts(signed: SignedState, now: SignedState): SignedPart[] {
  return SIGNED_PARTS.filter((part) => signed[part] !== now[part]);
}

/** "Lines", "Lines and Totals", "Events, Lines and Totals". */
export function partsInWords(parts: readonly SignedPart[]): string {
  const words = parts.map((part) => PART_WORDS[part]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A signed proposal as its value holds it (document.codec.ts): what its client agreed to. */
interface SignedProposal {
  id: string;
  bookingId: string;
  signedState: SignedState | null;
}

/** What changed since signing, per signed proposal (those with nothing changed are left out). */
export async function changesSinceSigned(
  db: Db | Trx,
  organizationId: string,
  proposals: readonly SignedProposal[],
): Promise<Map<string, SignedPart[]>> {
  const kept = proposals.filter((p) => p.signedState !== null);
  const now = await bookingStatesNow(db, organizationId, [...new Set(kept.map((p) => p.bookingId))]);
  const changes = new Map<string, SignedPart[]>();
  for (const proposal of kept) {
    const current = now.get(proposal.bookingId);
    if (!current) continue;
    const parts = changedParts(proposal.signedState!, current);
    if (parts.length > 0) changes.set(proposal.id, parts);
  }
  return changes;
}

/** Every signed proposal of the organization that keeps what was agreed. */
export async function signedProposalsOf(db: Db | Trx, organizationId: string): Promise<SignedProposal[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'booking_id', 'signed_state'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'proposal')
    .where('status', '=', 'signed')
    .where('signed_state', 'is not', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    signedState: storedSignedStateOf(row),
  }));
}
