/**
 * What the client agreed to when they signed a proposal (SPEC §13, "Versions, finals and voids"),
 * kept as one SHA-256 per part of the booking, so that the booking as it is now can be compared
 * with it part by part: a signed proposal whose events, lines, totals or schedule changed since
 * reads `changed_since_signed: true`, and the booking's page names the parts. Both sides are made
 * from the document's own facts (document-facts.ts), so what is compared is what a proposal shows.
 * Only what the client agreed to counts: a booking's name, its notes, payments received (an
 * installment's state) change nothing here.
 */
import { createHash } from 'node:crypto';
import type { Db, Trx } from '../../db/database.js';
import { spaceIds } from '../data/row-mappers.js';
import { type DocumentFacts, loadDocumentFacts } from './document-facts.js';

export const SIGNED_PARTS = ['events', 'lines', 'totals', 'schedule'] as const;
export type SignedPart = (typeof SIGNED_PARTS)[number];

/** SHA-256 (hex) of each part, as it was when the proposal was signed. */
export type SignedState = Readonly<Record<SignedPart, string>>;

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
export function signedStateOf(facts: DocumentFacts): SignedState {
  const { booking } = facts;
  return {
    events: digest(
      facts.events.map((e) => [
        e.id,
        e.name,
        e.start_date,
        e.end_date,
        e.start_time,
        e.end_time,
        num(e.all_day),
        [...spaceIds(e)].sort(),
        num(e.guest_count),
      ]),
    ),
    lines: digest(
      facts.lines.map((l) => [
        l.id,
        l.item_id,
        l.name,
        l.event_id,
        l.unit,
        num(l.quantity),
        num(l.unit_price),
        num(l.amount),
        num(l.service_charge_amount),
        num(l.tax_amount),
      ]),
    ),
    totals: digest([
      num(booking.subtotal),
      num(booking.service_charge_total),
      num(booking.tax_total),
      num(booking.grand_total),
    ]),
    schedule: digest(
      facts.installments.map((i) => [
        i.label,
        num(i.amount_due),
        i.due_date,
        i.due_on,
        num(i.due_on_signing),
      ]),
    ),
  };
}

/** The booking's parts as they are now; undefined when the booking is not the organization's. */
export async function bookingStateNow(
  db: Db | Trx,
  organizationId: string,
  bookingId: string,
): Promise<SignedState | undefined> {
  const facts = await loadDocumentFacts(db, {
    organizationId,
    bookingId,
    kind: 'proposal',
    version: 0,
    madeAt: 0,
  });
  return facts && signedStateOf(facts);
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

interface SignedProposal {
  id: string;
  booking_id: string;
  signed_state: string | null;
}

/** What changed since signing, per signed proposal (those with nothing changed are left out). */
export async function changesSinceSigned(
  db: Db | Trx,
  organizationId: string,
  proposals: readonly SignedProposal[],
): Promise<Map<string, SignedPart[]>> {
  const kept = proposals.filter((p) => p.signed_state !== null);
  const bookings = [...new Set(kept.map((p) => p.booking_id))];
  const now = new Map<string, SignedState | undefined>();
  // One booking at a time: the facts are a handful of queries each, and pool connections are few.
  for (const booking of bookings) now.set(booking, await bookingStateNow(db, organizationId, booking));
  const changes = new Map<string, SignedPart[]>();
  for (const proposal of kept) {
    const current = now.get(proposal.booking_id);
    if (!current) continue;
    const parts = changedParts(JSON.parse(proposal.signed_state!) as SignedState, current);
    if (parts.length > 0) changes.set(proposal.id, parts);
  }
  return changes;
}

/** Every signed proposal of the organization that keeps what was agreed. */
export function signedProposalsOf(db: Db | Trx, organizationId: string): Promise<SignedProposal[]> {
  return db
    .selectFrom('documents')
    .select(['id', 'booking_id', 'signed_state'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'proposal')
    .where('status', '=', 'signed')
    .where('signed_state', 'is not', null)
    .execute();
}
