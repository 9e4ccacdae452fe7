/**
 * One document in the workspace (SPEC §13): its state, what may be done with it (download, send
 * a proposal or an issued invoice, issue an invoice, void, delete a draft), a client link just
 * made and to whom it went (shown this once: only its hash is kept), and the document itself as its PDF shows it (the same model, drawn as
 * HTML), marked as a draft or void.
 */
import type { DocumentModel, DocumentValue, IssuedStamp } from '../../../crm/documents/index.js';
import type { EventValue } from '../../../crm/events/index.js';
import { documentHtml } from '../../document-html.js';
import { html, type SafeHtml } from '../../html.js';
import { documentName, documentState, outcomeSentence, type SignatureView } from './documents.view.js';
import { csrfField } from '../forms/form-fields.js';
import { workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { DOCUMENT_ACTIONS } from '../../../crm/documents/index.js';

export interface DocumentPageView {
  document: DocumentValue;
  booking: { id: string; reference: string; name: string };
  events: readonly EventValue[];
  model: DocumentModel;
  logo: { bytes: Uint8Array; mediaType: string } | null;
  issued: IssuedStamp | undefined;
  signature: SignatureView | undefined;
  zone: string;
  /**
   * A link just made by sending: shown this once; `mailed` when an SMTP server sends the e-mail;
   * `to`, who it went to ("Ama Mensah (ama@mensah.example)").
   */
  link?:
    { url: string; expiresOn: string; mailed: boolean; kind: 'proposal' | 'invoice'; to: string } | undefined;
  notice?: string | undefined;
}

function actionButtons(v: WorkspaceVisitor, view: DocumentPageView): SafeHtml {
  const d = view.document;
  const base = orgPath(v, `/documents/${d.id}`);
  const post = (action: string, label: string, className = 'secondary') =>
    html`<form method="post" action="${base}/${action}" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="${className}">${label}</button></form>`;
  const binding = d.status === 'signed' || d.status === 'issued';
  return html`<div class="section-actions">
    <a class="button secondary" href="${base}/pdf">Download the PDF</a>
    ${d.kind === 'proposal' && (d.status === 'draft' || d.status === 'sent') ? post('send', d.status === 'sent' ? 'Send again, with a new link' : 'Send to client', '') : ''}
    ${d.kind === 'invoice' && d.status === 'issued' ? post('send', d.sentAt ? 'Send again' : 'Send to client', '') : ''}
    ${d.kind !== 'proposal' && d.status === 'draft' ? post('issue', d.kind === 'beo' ? 'Issue this BEO' : 'Issue this invoice', '') : ''}
    ${d.status !== 'void' && (!binding || mayTake(v, DOCUMENT_ACTIONS.void_binding)) ? post('void', 'Void', 'danger') : ''}
    ${d.status === 'draft' ? post('delete', 'Delete draft', 'secondary') : ''}
  </div>`;
}

function linkBox(view: DocumentPageView): SafeHtml | '' {
  const { link } = view;
  if (!link) return '';
  const mail =
    link.kind === 'invoice'
      ? 'The e-mail with the invoice attached and this link to its balance'
      : 'The e-mail with this link';
  const where = link.mailed
    ? `${mail} is on its way to the client, ${link.to}.`
    : `No SMTP server is set up, so the e-mail to ${link.to} is kept under Settings → Outgoing mail: send the client this link yourself.`;
  return html`<div class="notice secret-box" role="status">
    <p><strong>Sent to ${link.to}.</strong> ${where} Copy the link now if you need it: it is not shown again (only its fingerprint is kept). It works until ${link.expiresOn}.</p>
    <label for="share-url">Client link</label>
    <input id="share-url" type="text" readonly value="${link.url}" class="secret" />
  </div>`;
}

export function documentPage(v: WorkspaceVisitor, view: DocumentPageView): string {
  const d = view.document;
  const name = documentName(d, view.events);
  const watermark = d.status === 'draft' ? 'Draft' : d.status === 'void' ? 'Void' : null;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a> › <a href="${orgPath(v, `/bookings/${view.booking.id}`)}#documents-title">${view.booking.reference} ${view.booking.name}</a></p>
    <div class="page-head"><h1>${name}</h1><p>${documentState(d, view.signature, view.zone)}</p></div>
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
    ${linkBox(view)}
    ${view.signature ? html`<div class="doc-outcome card">${outcomeSentence(v, view.signature.parsedOutcome, view.zone)}<p class="muted small">Accepted by ${view.signature.name} from ${view.signature.address}; the PDF they were shown had the SHA-256 ${view.signature.seen_sha256}.</p></div>` : ''}
    ${actionButtons(v, view)}
    <div class="doc-preview">${documentHtml(view.model, { level: 2, logo: view.logo, watermark, issued: view.issued })}</div>`;
  return workspacePage(v, { title: `${name} · ${view.booking.reference}`, section: 'bookings', body });
}
