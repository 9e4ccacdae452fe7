/**
 * Settings → E-mail's account of the saved mailbox (SPEC §17): its state in words, the server's
 * last error as the server said it, when it was last read (in the venue's zone and locale), where
 * replies go; what a connection check found; and the confirmation its removal asks for.
 */
import type { ConnectionCheck } from '../../../mail/inbound/mailbox-connection.js';
import { foldersOf } from '../../../mail/inbound/mailbox.codec.js';
import type { MailboxTable } from '../../../mail/inbound/mailbox.table.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** What a connection check found, from its POST to the page that shows it once (sealed-flash.ts). */
export type CheckFlash = ConnectionCheck;

const when = (iso: string, zone: string) =>
  `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}`;

function stateWords(row: MailboxTable): SafeHtml {
  switch (row.state) {
    case 'connected':
      return row.read_at === null
        ? html`<span class="badge state-due">Not read yet</span> Marquee reads it as soon as it is saved, then every minute.`
        : html`<span class="badge state-paid">Connected</span> Marquee reads it every minute.`;
    case 'failing':
      return html`<span class="badge state-due">Failing</span> The last reading failed; Marquee tries again every minute.`;
    case 'paused':
      return html`<span class="badge state-overdue">Paused</span> The server refused the login three times in a row, so Marquee stopped reading it. Type the password again below (an app password, if the provider asks for one) and save: reading starts again at once.`;
  }
}

/** Where replies to mail about a booking go: the booking's own address when plus tags are on. */
function repliesGo(row: MailboxTable): SafeHtml {
  const at = row.address.lastIndexOf('@');
  const local = row.address.slice(0, at).split('+')[0] ?? '';
  return row.plus_addressing === 1
    ? html`To each booking’s own address, such as <code>${local}+bk-00238-…${row.address.slice(at)}</code> for BK-00238, so each reply is filed on its booking.`
    : html`To <code>${row.address}</code>; each reply is filed by its thread or its sender.`;
}

export function mailboxStatus(v: WorkspaceVisitor, row: MailboxTable, zone: string): SafeHtml {
  const folders = foldersOf(row);
  return html`<section class="card" aria-labelledby="mailbox-title"><h2 id="mailbox-title">Connection</h2>
    <dl class="facts">
      <div><dt>Mailbox</dt><dd><code>${row.address}</code>, read as ${row.username} at ${row.host}:${row.port}, folders ${folders.join(', ')}</dd></div>
      <div><dt>State</dt><dd>${stateWords(row)}</dd></div>
      ${row.last_error === null ? '' : html`<div><dt>Server said</dt><dd>${row.last_error}</dd></div>`}
      <div><dt>Last read</dt><dd>${row.read_at === null ? 'Not yet' : when(row.read_at, zone)}</dd></div>
      <div><dt>Replies</dt><dd>${repliesGo(row)}</dd></div>
    </dl>
    <form method="post" action="${orgPath(v, '/settings/email/check')}" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Check connection</button></form>
    <p class="hint">Logs in to the saved mailbox now and opens each of its folders.</p>
  </section>`;
}

const counted = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

export function connectionCheckView(check: CheckFlash): SafeHtml {
  if (check.error === undefined) {
    const found = check.folders.map((f) => `${f.name} has ${counted(f.messages)}`).join(', ');
    return html`<p class="notice" role="status">Connected: ${found}.</p>`;
  }
  return html`<div class="warning" role="alert"><p><strong>The connection check failed.</strong> ${check.error}</p></div>`;
}

/** Removing the mailbox, confirmed without JavaScript (as forms/confirm-delete.page.ts does). */
export function removeMailboxPage(v: WorkspaceVisitor, row: MailboxTable, version: string): string {
  const title = `Remove the mailbox ${row.address}?`;
  const body = html`<h1>${title}</h1>
    <div role="alert" class="refusal">Marquee stops reading it, and replies to the mail it sends go to its From address. The mail already filed stays on its bookings, and the mailbox itself is left as it is on its server.</div>
    <form method="post" action="${orgPath(v, '/settings/email/remove')}">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${version}" />
      <div class="actions">
        <button type="submit" class="danger">Remove the mailbox</button>
        <a class="button secondary" href="${orgPath(v, '/settings/email')}">Cancel</a>
      </div>
    </form>`;
  return workspacePage(v, { title, section: 'settings', body });
}
