/**
 * A client accepts a proposal (SPEC §13), through its link alone (the portal door, whose
 * authority is that one document): their full name and "I agree" make the signature record
 * (name, time, address, user agent and the SHA-256 of the PDF they were shown), the signed PDF
 * (the proposal's pages and a signature page) is kept for good, and through the same commands as
 * every other door the booking moves to definite under §7 and §11's rules and what is due on
 * signing falls due. A booking whose events cannot be held (another definite booking holds a
 * space then), or that can no longer become definite (lost, closed), stays as it was: the
 * signature still counts, and the outcome, kept with it, tells the staff why in words. What the
 * client agreed to (the booking's events, lines, totals and schedule) is kept with the proposal,
 * so a later change to any of them shows (signed-state.ts). Whatever refuses the signature is
 * returned (src/writes/refusal.ts), and nothing of it is kept.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { isRefusal, refuse, type Refusal } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { findRow } from '../data/record-lookup.js';
import { newId } from '../../db/ids.js';
import { recordUpdated } from '../change-events.js';
import {
  bookingDefinition,
  type BookingStatus,
  transitionProblem,
  updateBooking,
} from '../bookings/index.js';
import { clashOf, type Holding } from '../events/index.js';
import { keepBookingNow } from '../bookings/aggregate.js';
import { updateRecord } from '../records.js';
import { problemsRefusal } from '../value-commands.js';
import { keepFile, keptFile } from './document-files.js';
import { bookingStateNow } from './signed-state.js';
import type { SignaturePage } from './document-model.js';
import { documentToAct } from './document-change.js';
import { signatureProblems } from './document-rules.js';
import { clockOf, dayOf } from './document-words.js';
import { storedOutcomeOf } from './document.codec.js';
import { documentDefinition } from './document.resource.js';
import type { DocumentRow, DocumentSignature } from './document.table.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';

/** What became of the booking when its proposal was accepted. */
export type SigningOutcome =
  | { kind: 'confirmed' }
  | { kind: 'already_definite' }
  | { kind: 'not_allowed'; status: BookingStatus }
  | { kind: 'clash'; clash: Holding };

export interface SignInput {
  id: string;
  name?: string | undefined;
  agreed?: boolean | undefined;
  address: string;
  userAgent: string;
  /** When the client accepted (ms): the time the signature page states. */
  signedAt: number;
  /** The signed PDF, rendered before the lock from the proposal's model and the signature page. */
  signedPdf: Uint8Array;
  /** SHA-256 of the sent PDF, which the signature page names. */
  seenSha256: string;
}

export interface Signed {
  document: DocumentRow;
  signature: DocumentSignature;
  outcome: SigningOutcome;
}

/**
 * The signature page's words: who, when (in the venue's zone, written in its locale as the pages
 * before it are, and in UTC), from where.
 */
export function signaturePage(
  input: Pick<SignInput, 'name' | 'address' | 'userAgent' | 'signedAt' | 'seenSha256'>,
  facts: { zone: string; locale: string; documentName: string; venue: string },
): SignaturePage {
  const { signedAt } = input;
  const { zone, locale } = facts;
  return {
    name: (input.name ?? '').trim(),
    signedAt: `${dayOf(signedAt, zone, locale)}, ${clockOf(signedAt, zone, locale)} (${zone.replace(/_/g, ' ')}); ${isoTime(signedAt)}`,
    address: input.address,
    userAgent: input.userAgent,
    seenSha256: input.seenSha256,
    documentName: facts.documentName,
    venue: facts.venue,
  };
}

/** Moves the booking to definite when it may and its events can be held; says what became of it. */
async function confirmBooking(work: Work, bookingId: string): Promise<SigningOutcome | Refusal> {
  const { trx, actor } = work;
  const booking = await findRow(trx, bookingDefinition, actor.organizationId, bookingId);
  if (!booking) throw new Error('a signed proposal’s booking is gone');
  if (booking.status === 'definite') return { kind: 'already_definite' };
  if (transitionProblem(booking.status, 'definite')) return { kind: 'not_allowed', status: booking.status };
  const events = await trx.selectFrom('events').selectAll().where('booking_id', '=', bookingId).execute();
  for (const event of events) {
    const clash = await clashOf(trx, actor.organizationId, { ...event, status: 'definite' });
    if (clash) return { kind: 'clash', clash };
  }
  const confirmed = await work.run(updateBooking, {
    id: bookingId,
    ifMatch: undefined,
    input: { status: 'definite' },
  });
  return isRefusal(confirmed) ? confirmed : { kind: 'confirmed' };
}

async function insertSignature(trx: Trx, row: DocumentSignature): Promise<void> {
  await trx.insertInto('document_signatures').values(row).execute();
}

export const signDocument: Command<SignInput, Signed | Refusal> = {
  action: DOCUMENT_ACTIONS.sign,
  // A client's link is granted the signature of its own document, and of no other.
  subject: (input) => input.id,
  async run(work, input) {
    const { trx, actor, now } = work;
    const current = await documentToAct(work, 'sign', { id: input.id, ifMatch: undefined });
    if (isRefusal(current)) return current;
    const unsigned = problemsRefusal({ problems: signatureProblems(input), value: undefined });
    if (unsigned) return unsigned;
    const sent = await keptFile(trx, current.id, 'sent');
    if (!sent || sent.sha256 !== input.seenSha256)
      return refuse({
        status: 409,
        code: 'stale',
        detail: 'This proposal is not the one that was shown; open the link again.',
      });
    const sha256 = await keepFile(trx, current, 'signed', input.signedPdf, now);
    const updated = await updateRecord(
      trx,
      'documents',
      current,
      { status: 'signed', sha256, signed_at: isoTime(input.signedAt) },
      now,
    );
    await recordUpdated(trx, documentDefinition, current, updated, now);
    const outcome = await confirmBooking(work, current.booking_id);
    if (isRefusal(outcome)) return outcome;
    const signature: DocumentSignature = {
      id: newId(now),
      organization_id: current.organization_id,
      document_id: current.id,
      name: (input.name ?? '').trim(),
      signed_at: isoTime(input.signedAt),
      address: input.address,
      user_agent: input.userAgent,
      seen_sha256: sent.sha256,
      outcome: JSON.stringify(outcome),
    };
    await insertSignature(trx, signature);
    const refusedKeeping = await keepBookingNow(work, current.booking_id, { schedule: true });
    if (refusedKeeping) return refusedKeeping;
    // What was agreed, kept once what falls due on signing has: a later change shows against it.
    const state = await bookingStateNow(trx, actor.organizationId, current.booking_id);
    const signedState = state ? JSON.stringify(state) : null;
    await trx
      .updateTable('documents')
      .set({ signed_state: signedState })
      .where('id', '=', current.id)
      .execute();
    return { document: { ...updated, signed_state: signedState }, signature, outcome };
  },
};

/** The signatures of the documents, by document. */
export async function signaturesOf(
  db: Db | Trx,
  documentIds: readonly string[],
): Promise<Map<string, DocumentSignature & { parsedOutcome: SigningOutcome }>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_signatures')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .execute();
  return new Map(
    rows.map((row) => [row.document_id, { ...row, parsedOutcome: storedOutcomeOf(row) as SigningOutcome }]),
  );
}
