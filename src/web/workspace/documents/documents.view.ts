/**
 * A booking's Documents on its page (SPEC §13): its proposals, BEOs and invoices, newest first,
 * each with its state in words (sent, accepted by whom, issued as which number), a preview, its
 * PDF, and what may be done next (send a proposal, issue an invoice, send it); the client links
 * of a sent proposal or invoice with when they were last opened, each revocable; who accepted a proposal, and why the
 * booking did not turn definite when it could not; and the form that makes a new version.
 */
import {
  type DocumentLink,
  type DocumentSignature,
  type DocumentValue,
  partsInWords,
  type SignedPart,
  type SigningOutcome,
} from '../../../crm/documents/index.js';
import type { EventValue } from '../../../crm/events/index.js';
import { html, type SafeHtml } from '../../html.js';
import { clashSentence } from '../forms/conflict.view.js';
import { csrfField } from '../forms/form-fields.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export type SignatureView = DocumentSignature & { parsedOutcome: SigningOutcome };

export interface DocumentsSection {
  bookingId: string;
  /** Whether the booking is definite now (an acceptance that could not confirm it is no news then). */
  definite: boolean;
  /** Newest first. */
  documents: readonly DocumentValue[];
  links: ReadonlyMap<string, readonly DocumentLink[]>;
  signatures: ReadonlyMap<string, SignatureView>;
  events: readonly EventValue[];
  /** The parts of the booking changed since the client signed, by signed proposal (unchanged ones left out). */
  changedSinceSigned: ReadonlyMap<string, readonly SignedPart[]>;
  zone: string;
  now: number;
}

const KIND_WORDS = { proposal: 'Proposal', beo: 'BEO', invoice: 'Invoice' } as const;

const when = (iso: string, zone: string) =>
  `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}`;

/** "Proposal v2", "BEO v1 — Dinner", "Invoice v1". */
export function documentName(
  document: Pick<DocumentValue, 'kind' | 'version' | 'eventId'>,
  events: ReadonlyArray<{ id: string; name: string }>,
): string {
  const event = document.eventId ? events.find((e) => e.id === document.eventId) : undefined;
  return `${KIND_WORDS[document.kind]} v${document.version}${event ? ` — ${event.name}` : ''}`;
}

/** The state of a document in words, with its badge. */
export function documentState(
  document: DocumentValue,
  signature: SignatureView | undefined,
  zone: string,
): SafeHtml {
  switch (document.status) {
    case 'draft':
      return html`<span class="badge state-scheduled">Draft</span>`;
    case 'sent':
      return html`<span class="badge state-due">Sent</span> ${document.sentAt ? when(document.sentAt, zone) : ''}`;
    case 'signed':
      return html`<span class="badge state-paid">Accepted</span> ${signature ? html`by ${signature.name}, ${when(signature.signed_at, zone)}` : ''}`;
    case 'issued':
      return html`<span class="badge state-paid">Issued</span> ${document.number ? html`${document.number} · ` : ''}${document.issuedAt ? when(document.issuedAt, zone) : ''}${document.sentAt ? html` · sent to the client ${when(document.sentAt, zone)}` : ''}`;
    case 'void':
      return html`<span class="badge state-overdue">Void</span>${document.number ? html` ${document.number}` : ''}`;
  }
}

/** What became of the booking when its client accepted, in a sentence. */
export function outcomeSentence(v: WorkspaceVisitor, outcome: SigningOutcome, zone: string): SafeHtml {
  switch (outcome.kind) {
    case 'confirmed':
      return html`<p>The booking turned definite when it was accepted.</p>`;
    case 'already_definite':
      return html`<p>The booking was definite already.</p>`;
    case 'not_allowed':
      return html`<p>The booking was ${outcome.status} when it was accepted, so it did not turn definite: confirm it here if it should.</p>`;
    case 'clash':
      return html`<p><strong>The booking did not turn definite</strong>: its events cannot be held.</p>${clashSentence(v, outcome.clash, zone)}<p>Free the space or move the event, then confirm the booking.</p>`;
  }
}

function actions(v: WorkspaceVisitor, document: DocumentValue, name: string): SafeHtml {
  const base = orgPath(v, `/documents/${document.id}`);
  const post = (action: string, label: string, className = 'secondary') =>
    html`<form method="post" action="${base}/${action}" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="${className}" aria-label="${label}: ${name}">${label}</button></form>`;
  const send =
    (document.kind === 'proposal' && (document.status === 'draft' || document.status === 'sent')) ||
    (document.kind === 'invoice' && document.status === 'issued');
  const again = document.status === 'sent' || (document.status === 'issued' && document.sentAt !== null);
  const issue = document.kind !== 'proposal' && document.status === 'draft';
  return html`<div class="doc-actions">
    <a href="${base}" aria-label="Preview ${name}">Preview</a>
    <a href="${base}/pdf" aria-label="PDF of ${name}">PDF</a>
    ${send ? post('send', again ? 'Send again' : 'Send to client', '') : ''}
    ${issue ? post('issue', 'Issue', '') : ''}
  </div>`;
}

function linksOf(v: WorkspaceVisitor, links: readonly DocumentLink[], view: DocumentsSection): SafeHtml | '' {
  if (links.length === 0) return '';
  return html`<ul class="doc-links">${links.map((link) => {
    const live = link.revoked_at === null && Date.parse(link.expires_at) > view.now;
    const state = link.revoked_at
      ? `revoked ${when(link.revoked_at, view.zone)}`
      : live
        ? `works until ${dayLabel(localDate(Date.parse(link.expires_at), view.zone))}`
        : 'expired';
    const used = link.last_used_at ? `last opened ${when(link.last_used_at, view.zone)}` : 'not opened yet';
    return html`<li>Client link made ${when(link.created_at, view.zone)}: ${state}; ${used}.
      ${live ? html`<form method="post" action="${orgPath(v, `/document-links/${link.id}/revoke`)}" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="link">Revoke<span class="visually-hidden"> the link made ${when(link.created_at, view.zone)}</span></button></form>` : ''}</li>`;
  })}</ul>`;
}

function newVersionForm(v: WorkspaceVisitor, view: DocumentsSection): SafeHtml {
  const choices = [
    { value: 'proposal', label: 'Proposal' },
    { value: 'invoice', label: 'Invoice' },
    ...view.events.map((e) => ({ value: `beo:${e.id}`, label: `BEO — ${e.name}` })),
  ];
  return html`<form method="post" action="${orgPath(v, `/bookings/${view.bookingId}/documents`)}" class="doc-new" novalidate>
    ${csrfField(v.csrfToken)}
    <div class="field"><label for="field-document_kind">New version of</label>
      <select id="field-document_kind" name="kind">${choices.map((c) => html`<option value="${c.value}">${c.label}</option>`)}</select></div>
    <label class="check"><input type="checkbox" id="field-show_prices" name="show_prices" value="yes" /><span>Prices on a BEO</span></label>
    <button type="submit">Make it</button>
    <p class="hint">A new version shows the booking as it is now, with the venue’s templates; earlier versions keep what they showed.</p>
  </form>`;
}

export function documentsSection(v: WorkspaceVisitor, view: DocumentsSection): SafeHtml {
  const rows = view.documents.map((d) => {
    const name = documentName(d, view.events);
    const signature = view.signatures.get(d.id);
    return html`<tr id="document-${d.id}">
      <td><a class="strong" href="${orgPath(v, `/documents/${d.id}`)}">${name}</a>
        ${linksOf(v, view.links.get(d.id) ?? [], view)}
        ${signature ? html`<div class="doc-outcome ${signature.parsedOutcome.kind === 'clash' ? 'warn' : ''}">${outcomeSentence(v, signature.parsedOutcome, view.zone)}</div>` : ''}</td>
      <td data-label="State">${documentState(d, signature, view.zone)}</td>
      <td data-label="Made">${when(d.createdAt, view.zone)}</td>
      <td>${actions(v, d, name)}</td>
    </tr>`;
  });
  return html`<section aria-labelledby="documents-title" class="card documents">
    <h2 id="documents-title">Documents</h2>
    ${
      view.documents.length === 0
        ? html`<p class="muted">No documents yet. Make a proposal to send to the client, a BEO for each event, an invoice.</p>`
        : html`<table class="list doc-list" aria-labelledby="documents-title">
          <thead><tr><th scope="col">Document</th><th scope="col">State</th><th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>${rows}</tbody>
        </table>`
    }
    ${newVersionForm(v, view)}
  </section>`;
}

/** Accepted proposals whose booking did not turn definite: said at the top of the booking's page. */
export function unconfirmedAcceptances(v: WorkspaceVisitor, view: DocumentsSection): SafeHtml | '' {
  const refused = view.documents.filter((d) => {
    const outcome = view.signatures.get(d.id)?.parsedOutcome;
    return d.status === 'signed' && outcome?.kind === 'clash';
  });
  if (refused.length === 0 || view.definite) return '';
  return html`${refused.map((d) => {
    const signature = view.signatures.get(d.id)!;
    return html`<div class="error-summary" role="alert"><h2>${signature.name} accepted ${documentName(d, view.events)}</h2>${outcomeSentence(v, signature.parsedOutcome, view.zone)}</div>`;
  })}`;
}

/**
 * The newest accepted proposal, when its booking changed since: which parts did, said at the top
 * of the booking's page, with the button that makes a new version to send.
 */
export function changedSinceAccepted(v: WorkspaceVisitor, view: DocumentsSection): SafeHtml | '' {
  const accepted = view.documents.find((d) => d.kind === 'proposal' && d.status === 'signed');
  const parts = accepted ? view.changedSinceSigned.get(accepted.id) : undefined;
  if (!accepted || !parts) return '';
  return html`<div class="notice changed-since-signed" role="status">
    <p><strong>${partsInWords(parts)} changed since the client accepted version ${accepted.version}.</strong>
      A new version shows the booking as it is now, for the client to accept.</p>
    <form method="post" action="${orgPath(v, `/bookings/${view.bookingId}/documents`)}" class="inline-form">
      ${csrfField(v.csrfToken)}<input type="hidden" name="kind" value="proposal" />
      <button type="submit">Make a new proposal version</button>
    </form>
  </div>`;
}
