/**
 * Settings → Outgoing mail (SPEC §13): where the organization's e-mail goes (the SMTP server's
 * host, or the outbox when none is configured), its latest messages with what became of each,
 * one message as it was written, a test message to oneself, and a failed or kept message sent
 * again.
 */
import type { OutgoingMailTable } from '../../../mail/mail.table.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface OutgoingMailView {
  /** The SMTP server's scheme, host and port; undefined when messages stay in the outbox. */
  smtpServer: string | undefined;
  from: string;
  zone: string;
  mail: OutgoingMailTable[];
  limit: number;
  notice?: string | undefined;
  /** The From form: what is saved (or was typed), its errors, and why its domain looks unreal. */
  fromForm: { name: string; address: string; errors: FieldErrors; warning?: string | undefined };
}

const when = (iso: string, zone: string) =>
  `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}`;

/** What became of a message, in words (`sending`: whether an SMTP server is set up now). */
export function mailState(mail: OutgoingMailTable, zone: string, sending: boolean): SafeHtml {
  if (mail.status === 'pending' && !sending)
    return html`<span class="badge state-scheduled">Waiting</span> for an SMTP server: none is set up now`;
  switch (mail.status) {
    case 'sent':
      return html`<span class="badge state-paid">Sent</span> ${when(mail.sent_at!, zone)}`;
    case 'outbox':
      return html`<span class="badge state-scheduled">Not sent</span> kept here: no SMTP server was set up`;
    case 'failed':
      return html`<span class="badge state-overdue">Failed</span> ${mail.last_error ?? ''}`;
    case 'pending':
      return mail.attempts === 0
        ? html`<span class="badge state-due">Sending</span>`
        : html`<span class="badge state-due">Will try again</span> ${when(mail.next_attempt_at!, zone)}, after ${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}: ${mail.last_error ?? ''}`;
  }
}

const recipient = (mail: OutgoingMailTable) =>
  mail.to_name ? `${mail.to_name} <${mail.to_address}>` : mail.to_address;

function whereItGoes(view: OutgoingMailView): SafeHtml {
  return view.smtpServer
    ? html`<p>E-mail is sent through <code>${view.smtpServer}</code> from <code>${view.from}</code>. A message the server does not take is tried again for about a day and a half.</p>`
    : html`<p class="notice">No SMTP server is set up (<code>SMTP_URL</code>), so messages are kept here, unsent, for you to read. Once one is set up, you can send a kept message from its page.</p>`;
}

/** Settings → Outgoing mail's From: the organization's name and address, warned about when unreal. */
function fromSection(v: WorkspaceVisitor, view: OutgoingMailView): SafeHtml {
  const { name, address, errors, warning } = view.fromForm;
  const labels = { from_name: 'Name', from_address: 'Address' };
  return html`<section class="card" aria-labelledby="from-title"><h2 id="from-title">From address</h2>
    <p>Invitations, proposals and every other message of this venue are sent from <code>${view.from}</code>.</p>
    ${warning ? html`<p class="warning" role="status"><strong>Mail from it may not arrive.</strong> ${warning} Use an address at your venue’s own domain.</p>` : ''}
    ${errorSummary(errors, labels)}
    <form method="post" action="${orgPath(v, '/settings/outgoing-mail/from')}" novalidate class="record-form">${csrfField(v.csrfToken)}
      <div class="pair">
        ${inputField({ name: 'from_name', label: labels.from_name, value: name, errors, hint: 'Such as your venue’s name.', attributes: html`maxlength="100" autocomplete="organization"` })}
        ${inputField({ name: 'from_address', label: labels.from_address, value: address, errors, type: 'email', hint: 'Leave it empty to send from the installation’s address.', attributes: html`maxlength="254" autocomplete="email"` })}
      </div>
      <div class="actions"><button type="submit">Save the From address</button></div>
    </form></section>`;
}

export function outgoingMailPage(v: WorkspaceVisitor, view: OutgoingMailView): string {
  const base = orgPath(v, '/settings/outgoing-mail');
  const rows = view.mail.map(
    (m) => html`<tr>
      <td><a href="${base}/${m.id}">${m.subject}</a></td>
      <td data-label="To">${recipient(m)}</td>
      <td data-label="Made">${when(m.created_at, view.zone)}</td>
      <td data-label="State">${mailState(m, view.zone, view.smtpServer !== undefined)}</td>
    </tr>`,
  );
  const list =
    view.mail.length === 0
      ? html`<p class="muted">No e-mail yet.</p>`
      : html`<table class="list"><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Made</th><th scope="col">State</th></tr></thead><tbody>${rows}</tbody></table>
        ${view.mail.length === view.limit ? html`<p class="muted">The latest ${view.limit} are shown.</p>` : ''}`;
  const body = html`${settingsTabs(v, 'outgoing-mail')}<h1>Outgoing mail</h1>
    ${noticeOf({ test: `A test message to ${v.user.email} is on its way.`, kept: `A test message to ${v.user.email} is kept below.`, from: 'From address saved.' }, view.notice)}
    ${whereItGoes(view)}
    <form method="post" action="${base}/test" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Send a test message to me</button></form>
    ${fromSection(v, view)}
    <h2>Latest messages</h2>
    ${list}`;
  return workspacePage(v, { title: 'Outgoing mail', section: 'settings', body });
}

export function outgoingMessagePage(
  v: WorkspaceVisitor,
  mail: OutgoingMailTable,
  view: Pick<OutgoingMailView, 'smtpServer' | 'from' | 'zone' | 'notice'>,
): string {
  const base = orgPath(v, '/settings/outgoing-mail');
  const again =
    view.smtpServer && (mail.status === 'failed' || mail.status === 'outbox')
      ? html`<form method="post" action="${base}/${mail.id}/send" class="inline-form">${csrfField(v.csrfToken)}<button type="submit">Send it ${mail.status === 'failed' ? 'again' : 'now'}</button></form>`
      : '';
  const body = html`<p><a href="${base}">← Outgoing mail</a></p><h1>${mail.subject}</h1>
    ${noticeOf({ again: 'It is on its way again.' }, view.notice)}
    <dl class="facts">
      <div><dt>From</dt><dd>${view.from}</dd></div>
      <div><dt>To</dt><dd>${recipient(mail)}</dd></div>
      <div><dt>Made</dt><dd>${when(mail.created_at, view.zone)}</dd></div>
      <div><dt>State</dt><dd>${mailState(mail, view.zone, view.smtpServer !== undefined)}</dd></div>
    </dl>
    ${again}
    <h2>Message</h2>
    ${
      mail.html_body === null
        ? ''
        : html`<h3>As it looks (HTML)</h3>
      <iframe class="mail-html" sandbox="" src="${base}/${mail.id}/html" title="The message as its HTML part shows it"></iframe>
      <h3>As text</h3>`
    }
    <pre class="mail-text">${mail.text_body}</pre>`;
  return workspacePage(v, { title: mail.subject, section: 'settings', body });
}
