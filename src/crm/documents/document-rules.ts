/**
 * The rules of documents (SPEC §13), pure functions over the document, the actor and facts read
 * first:
 * - a new version names its kind and its booking; a BEO names one of that booking's events (and
 *   only a BEO does), and only a BEO may print prices or not;
 * - a proposal is sent (again, for a new link) while it is a draft or sent; an invoice is sent
 *   once issued (again as often as asked: what was issued never changes), never as a draft, whose
 *   number and bytes are not final; a BEO (the kitchen's copy) is never sent to the client;
 * - an invoice or a BEO (the kitchen's final copy) is issued once, from a draft; anything not void
 *   may be voided, but a signed proposal or an issued invoice only by an organization admin (they
 *   bind the venue); only a draft is deleted;
 * - a proposal is accepted only through its client's link (the portal door, whose authority is
 *   that one document), once, while it is sent and no newer version was sent; no other door
 *   accepts for a client, and a client's link does nothing else;
 * - a proposal replaced by a newer version sent is never sent again (its terms are withdrawn).
 * Why an action is refused is a Refusal (src/writes/refusal.ts), which the commands return.
 */
import type { FieldProblem } from '../../errors.js';
import type { Actor } from '../../policy/actor.js';
import { grantsAllow } from '../../policy/grants.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import { type Checked, Problems } from '../validation.js';
import { DOCUMENT_ACTIONS } from './document.policy.js';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentRow } from './document.table.js';

export interface DocumentInput {
  kind?: string | undefined;
  bookingId?: string | undefined;
  eventId?: string | null | undefined;
  show_prices?: boolean | undefined;
}

export interface DocumentRuleFacts {
  /** The booking named, when it is the organization's. */
  bookingExists: boolean;
  /** The booking of the event named, when the event is the organization's. */
  eventBookingId: string | undefined;
}

export interface NewDocumentFields {
  kind: DocumentKind;
  booking_id: string;
  event_id: string | null;
  show_prices: number;
}

const isKind = (value: string | undefined): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(value ?? '');

export function checkDocument(input: DocumentInput, facts: DocumentRuleFacts): Checked<NewDocumentFields> {
  const problems = new Problems();
  if (input.kind === undefined)
    problems.attribute('kind', 'A document needs its kind: proposal, beo or invoice.', 'blank');
  else if (!isKind(input.kind))
    problems.attribute('kind', `"${input.kind}" is not a kind of document: proposal, beo or invoice.`);
  if (input.bookingId === undefined)
    problems.relationship('booking', 'A document is about a booking: name it.', 'required');
  else if (!facts.bookingExists)
    problems.relationship(
      'booking',
      `No booking with the id "${input.bookingId}" exists in this organization.`,
      'not_found',
    );
  const beo = input.kind === 'beo';
  if (beo && !input.eventId)
    problems.relationship('event', 'A BEO is the operations sheet of one event: name the event.', 'required');
  else if (!beo && input.eventId)
    problems.relationship('event', 'Only a BEO is about one event; leave event out.', 'not_allowed');
  else if (beo && input.eventId && facts.bookingExists && facts.eventBookingId !== input.bookingId)
    problems.relationship('event', `The event "${input.eventId}" is not one of this booking's.`, 'not_found');
  if (input.show_prices !== undefined && !beo && isKind(input.kind))
    problems.attribute(
      'show_prices',
      'Only a BEO may leave its prices out; proposals and invoices show them.',
      'not_allowed',
    );
  return {
    problems: problems.list,
    value: {
      kind: isKind(input.kind) ? input.kind : 'proposal',
      booking_id: input.bookingId ?? '',
      event_id: beo ? (input.eventId ?? null) : null,
      show_prices: beo && input.show_prices ? 1 : 0,
    },
  };
}

export type DocumentAction = 'send' | 'issue' | 'void' | 'delete' | 'sign';

const NAMES = { proposal: 'proposal', beo: 'BEO', invoice: 'invoice' } as const;

function conflict(detail: string, code = 'invalid_transition'): Refusal {
  return refuse({ status: 409, code, detail });
}

function forbidden(detail: string, code: string): Refusal {
  return refuse({ status: 403, code, detail });
}

/** A sent proposal withdrawn by a newer version: what every door says of it. */
export const REPLACED: Refusal = conflict(
  'This proposal was replaced by a newer proposal: it can no longer be accepted. The newer version is the one to accept.',
  'replaced',
);

/** A client's link opens its document and accepts it; it makes and changes nothing else. */
export function clientRefusal(actor: Actor): Refusal | undefined {
  return actor.door === 'portal'
    ? forbidden('A client’s link may only accept its proposal.', 'client_only')
    : undefined;
}

/** Why `actor` may not take `action` on `document` now, or undefined when they may. */
export function actionRefusal(
  action: DocumentAction,
  document: DocumentRow,
  actor: Actor,
): Refusal | undefined {
  const name = NAMES[document.kind];
  if (action === 'sign') {
    if (actor.door !== 'portal' || actor.authority?.documentId !== document.id)
      return forbidden(
        'A proposal is accepted by its client, through the link they were sent.',
        'client_only',
      );
    if (document.status === 'signed')
      return conflict('This proposal has been accepted already.', 'already_signed');
    if (document.status !== 'sent') return conflict('This proposal is no longer open to accept.');
    if (document.replaced_at !== null) return REPLACED;
    return undefined;
  }
  const client = clientRefusal(actor);
  if (client) return client;
  if (document.status === 'void') return conflict(`This ${name} is void; make a new version instead.`);
  switch (action) {
    case 'send':
      if (document.kind === 'beo')
        return conflict(
          'A BEO is the venue team’s sheet and is not sent to the client: send a proposal or an invoice.',
          'not_sendable',
        );
      if (document.kind === 'invoice')
        return document.status === 'draft'
          ? conflict(
              'This invoice is a draft: issue it first (it then takes its number and its PDF is kept for good), then send it.',
              'not_issued',
            )
          : undefined;
      if (document.status === 'signed')
        return conflict('This proposal has been accepted; a change needs a new version.');
      if (document.replaced_at !== null)
        return conflict(
          'This proposal was replaced by a newer proposal that was sent since: send that one, or make a new version.',
          'replaced',
        );
      return undefined;
    case 'issue':
      if (document.kind === 'proposal')
        return conflict('Only an invoice or a BEO is issued; a proposal is sent.', 'not_issuable');
      if (document.status !== 'draft')
        return conflict(
          document.kind === 'invoice'
            ? `This invoice was issued already, as ${document.number}.`
            : `This ${name} was issued already; a change needs a new version.`,
        );
      return undefined;
    case 'void':
      if (
        bindsTheVenue(document) &&
        !grantsAllow(actor.grants, DOCUMENT_ACTIONS.void_binding.name, undefined)
      )
        return forbidden(
          `Only an organization admin may void ${document.status === 'issued' ? 'an issued' : 'a signed'} ${name}: it binds the venue.`,
          'admin_only',
        );
      return undefined;
    case 'delete':
      if (document.status !== 'draft')
        return conflict(`A ${document.status} ${name} is kept: void it rather than delete it.`, 'kept');
      return undefined;
  }
}

/** A signed proposal or an issued invoice or BEO: voiding it needs `documents.void_binding`. */
export function bindsTheVenue(document: Pick<DocumentRow, 'status'>): boolean {
  return document.status === 'signed' || document.status === 'issued';
}

/** The name a client accepts with: one line of a person's name. */
export function signatureProblems(input: {
  name?: string | undefined;
  agreed?: boolean | undefined;
}): FieldProblem[] {
  const problems = new Problems();
  const name = (input.name ?? '').trim();
  if (name.length < 2) problems.attribute('name', 'Type your full name to accept.', 'blank');
  else if (name.length > 200) problems.attribute('name', 'A name is at most 200 characters.', 'too_long');
  else problems.text('name', name, 'name');
  if (input.agreed !== true) problems.attribute('agreed', 'Tick “I agree” to accept.', 'required');
  return [...problems.list];
}
