/**
 * The client's page of one document (SPEC §13), in the venue's name rather than Marquee's: the
 * document as the PDF shows it, its PDF to download, the booking's payment schedule and balance
 * as they stand now, and, for a proposal still open, the form that accepts it (full name and
 * "I agree"). Readable on a 390 px phone; no script; nothing from another origin.
 */
import type { DocumentModel, IssuedStamp } from '../../crm/documents/index.js';
import { STYLESHEET_PATH } from '../assets.js';
import { documentHtml } from '../document-html.js';
import { html, type SafeHtml } from '../html.js';

export interface PortalSchedule {
  rows: Array<{
    label: string;
    due: string;
    state: string;
    amount: string;
    paid: string;
    toPay: string;
    overdue: boolean;
  }>;
  total: string;
  paid: string;
  balance: string;
}

export interface PortalView {
  token: string;
  csrfToken: string;
  venue: string;
  model: DocumentModel;
  logo: { bytes: Uint8Array; mediaType: string } | null;
  issued: IssuedStamp | undefined;
  status: 'sent' | 'signed' | 'issued' | 'draft';
  /** A proposal the venue replaced with a newer one: shown, never accepted. */
  replaced: boolean;
  /** The signature, once accepted. */
  signed?: { name: string; at: string } | undefined;
  schedule: PortalSchedule;
  /** What was typed and what is wrong with it, when an accept was refused. */
  form?: { name: string; agreed: boolean; errors: Record<string, string> } | undefined;
  notice?: 'accepted' | undefined;
}

export function portalFrame(title: string, venue: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body class="portal-body">
        <a class="skip" href="#main">Skip to content</a>
        <header class="portal-bar"><p class="portal-venue">${venue}</p></header>
        <main id="main" class="portal">${body}</main>
      </body>
    </html>`.value;
}

function errorOf(form: PortalView['form'], name: string): SafeHtml | '' {
  const message = form?.errors[name];
  return message ? html`<p class="field-error" id="${name}-error">${message}</p>` : '';
}

/**
 * An invalid field says so, and the first one takes the focus when the refused page loads, which
 * scrolls it into view: the error is read where the eye is, not 5,000 px above (no script runs
 * on the portal: `autofocus` does it).
 */
function invalid(form: PortalView['form'], name: string): SafeHtml | '' {
  if (!form?.errors[name]) return '';
  const first = Object.keys(form.errors).sort((a, b) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b))[0];
  return first === name
    ? html`aria-invalid="true" aria-describedby="${name}-error" autofocus`
    : html`aria-invalid="true" aria-describedby="${name}-error"`;
}

const FIELD_ORDER = ['name', 'agreed'];

function acceptForm(view: PortalView): SafeHtml {
  const { form } = view;
  const errors = form ? Object.entries(form.errors) : [];
  const summary = errors.length
    ? html`<div class="error-summary" role="alert" tabindex="-1"><h3>The proposal was not accepted</h3><ul>${errors.map(
        ([name, message]) =>
          html`<li><a href="#${name === 'agreed' ? 'agreed' : 'name'}">${message}</a></li>`,
      )}</ul></div>`
    : '';
  return html`<section class="portal-panel portal-accept" aria-labelledby="accept-title">
    <h2 id="accept-title">Accept this proposal</h2>
    <p>Type your full name and tick “I agree” to accept ${view.model.name} from ${view.venue}. Your acceptance is recorded with the time, and ${view.venue} receives this proposal with a page confirming it.</p>
    ${summary}
    <form method="post" action="/p/${view.token}/accept" novalidate>
      <input type="hidden" name="_csrf" value="${view.csrfToken}" />
      <label for="name">Your full name</label>
      ${errorOf(form, 'name')}
      <input id="name" name="name" type="text" autocomplete="name" maxlength="200" required value="${form?.name ?? ''}" ${invalid(form, 'name')} />
      ${errorOf(form, 'agreed')}
      <label class="check" for="agreed"><input id="agreed" name="agreed" type="checkbox" value="yes" ${form?.agreed ? html`checked` : ''} ${invalid(form, 'agreed')} /> I agree to this proposal and its terms</label>
      <div class="actions"><button type="submit">Accept proposal</button></div>
    </form>
  </section>`;
}

function schedulePanel(schedule: PortalSchedule): SafeHtml {
  const rows = schedule.rows.map(
    (row) => html`<tr class="${row.overdue ? 'portal-overdue' : ''}">
      <td class="doc-item">${row.label}</td>
      <td data-label="Due">${row.due}</td>
      <td data-label="State">${row.overdue ? html`<strong>${row.state}</strong>` : row.state}</td>
      <td class="num" data-label="Amount">${row.amount}</td>
      <td class="num" data-label="Paid">${row.paid}</td>
      <td class="num" data-label="To pay">${row.toPay}</td>
    </tr>`,
  );
  // `#payments`: where an invoice's e-mail opens the page (the balance is what it is about).
  return html`<section class="portal-panel" id="payments" aria-labelledby="payments-title">
    <h2 id="payments-title">Payments</h2>
    ${
      schedule.rows.length
        ? html`<div class="doc-table-wrap"><table class="doc-table">
          <thead><tr><th scope="col">Payment</th><th scope="col">Due</th><th scope="col">State</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Paid</th><th scope="col" class="num">To pay</th></tr></thead>
          <tbody>${rows}</tbody>
        </table></div>`
        : html`<p>No payment schedule has been set yet.</p>`
    }
    <dl class="portal-balance">
      <div><dt>Total</dt><dd>${schedule.total}</dd></div>
      <div><dt>Paid</dt><dd>${schedule.paid}</dd></div>
      <div class="grand"><dt>Balance due</dt><dd>${schedule.balance}</dd></div>
    </dl>
  </section>`;
}

export function portalPage(view: PortalView): string {
  const pdf = view.status === 'signed' ? 'Download the signed PDF' : 'Download the PDF';
  const accepted = view.signed
    ? html`<div class="portal-panel portal-signed" role="status"><h2>Accepted</h2><p>${view.signed.name} accepted this proposal on ${view.signed.at}. ${view.venue} has been told; keep the signed PDF for your records.</p></div>`
    : '';
  const replaced = view.replaced
    ? html`<div class="portal-panel portal-replaced" role="status" id="replaced"><h2>This proposal was replaced by a newer proposal</h2><p>${view.venue} has sent you a newer version of this proposal, and this one can no longer be accepted. Open the link in their latest e-mail to read and accept the newer proposal, or ask ${view.venue} to send it again.</p></div>`
    : '';
  const body = html`${view.notice === 'accepted' ? html`<p class="notice" role="status">Thank you: your acceptance is recorded.</p>` : ''}
    ${replaced}
    <div class="portal-actions"><a class="button secondary" href="/p/${view.token}/pdf">${pdf}</a></div>
    ${documentHtml(view.model, { level: 1, logo: view.logo, watermark: null, issued: view.issued })}
    ${accepted}
    ${schedulePanel(view.schedule)}
    ${view.status === 'sent' && !view.replaced && view.model.kind === 'proposal' ? acceptForm(view) : ''}`;
  return portalFrame(`${view.model.name} · ${view.venue}`, view.venue, body);
}

/** The same page for a link that is unknown, expired, revoked or of a withdrawn document. */
export function portalGonePage(): string {
  return portalFrame(
    'This link does not work',
    'Your document',
    html`<div class="portal-panel"><h1>This link does not work</h1>
      <p>It may have expired or been withdrawn, or it was copied incompletely. Ask the venue that sent it to you for a new link.</p></div>`,
  );
}

/** Too many links that did not work from this address: a wait, said in words. */
export function portalWaitPage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return portalFrame(
    'Please wait',
    'Your document',
    html`<div class="portal-panel"><h1>Please wait a moment</h1>
      <p>Too many links that do not work were opened from your connection. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.</p></div>`,
  );
}
