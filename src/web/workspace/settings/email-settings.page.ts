/**
 * Settings → E-mail (SPEC §17): the venue's mailbox, which Marquee reads to keep each client's
 * mail on its booking. The page says whether it is read (its state, the server's last error in
 * its own words, when it was last read) and the address replies go to; its form sets the IMAP
 * server, the login and the folders read. The password is never put back in the page: an empty
 * field keeps the saved one.
 */
import { isEmailAddress, type MailboxInput } from '../../../mail/inbound/mailbox-settings.js';
import { foldersOf } from '../../../mail/inbound/mailbox.codec.js';
import type { MailboxTable } from '../../../mail/inbound/mailbox.table.js';
import { type Form, formText } from '../../forms.js';
import { html, type SafeHtml } from '../../html.js';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
  selectField,
  textareaField,
} from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { staleNotice } from '../forms/stale.view.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { connectionCheckView, type CheckFlash, mailboxStatus } from './email-settings.view.js';

export interface MailboxValues {
  host: string;
  /** Empty: the usual port of the security chosen. */
  port: string;
  tls: string;
  user: string;
  /** Separated by commas or line breaks. */
  folders: string;
  /** Empty: the user name, when it is an e-mail address. */
  address: string;
  /** 'yes' when ticked. */
  plus_addressing: string;
}

/** What the stale notice compares: everything but the password, which is never shown. */
const SHOWN_LABELS = {
  host: 'IMAP server',
  port: 'Port',
  tls: 'Security',
  user: 'User name',
  folders: 'Folders',
  address: 'Address',
  plus_addressing: 'A reply address for each booking',
};

const LABELS = { ...SHOWN_LABELS, password: 'Password' };

const TLS_LABELS: Record<string, string> = {
  implicit: 'Implicit TLS (usually port 993)',
  starttls: 'STARTTLS (usually port 143)',
  none: 'None (private networks only)',
};

/** The form's values of the mailbox as saved, or of a new one. */
export function mailboxValuesOf(row: MailboxTable | undefined): MailboxValues {
  if (!row) {
    return {
      host: '',
      port: '',
      tls: 'implicit',
      user: '',
      folders: 'INBOX',
      address: '',
      plus_addressing: 'yes',
    };
  }
  return {
    host: row.host,
    port: String(row.port),
    tls: row.tls,
    user: row.username,
    folders: foldersOf(row).join(', '),
    address: row.address,
    plus_addressing: row.plus_addressing === 1 ? 'yes' : '',
  };
}

/** The form's values as posted (the password apart: it is never put back in the page). */
export function mailboxValuesPosted(body: Form): MailboxValues {
  return {
    host: formText(body, 'host').trim(),
    port: formText(body, 'port').trim(),
    tls: formText(body, 'tls'),
    user: formText(body, 'user').trim(),
    folders: formText(body, 'folders'),
    address: formText(body, 'address').trim(),
    plus_addressing: formText(body, 'plus_addressing') === 'yes' ? 'yes' : '',
  };
}

/** What the form asks of the rules (`mailbox` on /v2/organization); an empty password keeps the saved one. */
export function mailboxInput(values: MailboxValues, password: string): MailboxInput {
  return {
    host: values.host,
    port: values.port === '' ? undefined : Number(values.port),
    tls: values.tls,
    user: values.user,
    password: password === '' ? undefined : password,
    folders: values.folders
      .split(/[,\r\n]+/)
      .map((f) => f.trim())
      .filter((f) => f !== ''),
    // Left empty, the address is the user name when that is one (as the API's default).
    address: values.address === '' && isEmailAddress(values.user) ? values.user : values.address,
    plus_addressing: values.plus_addressing === 'yes',
  };
}

const describe = (field: string, value: string | readonly string[]) =>
  field === 'plus_addressing'
    ? value === 'yes'
      ? 'Yes'
      : 'No'
    : field === 'tls'
      ? (TLS_LABELS[String(value)] ?? String(value))
      : [value].flat().join(', ');

export interface EmailSettingsView {
  values: MailboxValues;
  version: string;
  errors: FieldErrors;
  /** The mailbox as saved; undefined when the venue has none. */
  saved: MailboxTable | undefined;
  /** The venue's time zone, for when the mailbox was last read. */
  zone: string;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: a mailbox may be read without TLS. */
  allowPlain: boolean;
  /** A password was typed, and is not shown again: the form asks for it once more. */
  passwordTyped?: boolean;
  notice?: string | undefined;
  check?: CheckFlash | undefined;
  /** The mailbox as saved now, when the save came after someone else's (stale.view.ts). */
  stale?: MailboxValues;
}

function passwordHint(view: EmailSettingsView): string {
  const again = view.passwordTyped
    ? 'The password you typed is not sent back to the page: type it again. '
    : '';
  return view.saved
    ? `${again}A password is saved; it is never shown. Leave this empty to keep it, or type a new one.`
    : `${again}An app password, if your provider offers them: it is kept encrypted and never shown again.`;
}

function mailboxForm(v: WorkspaceVisitor, view: EmailSettingsView): SafeHtml {
  const { values, errors } = view;
  const tls = ['implicit', 'starttls', ...(view.allowPlain || values.tls === 'none' ? ['none'] : [])];
  return html`<form method="post" action="${orgPath(v, '/settings/email')}" novalidate class="record-form" aria-labelledby="settings-title">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />
      <h2 id="settings-title">${view.saved ? 'Mailbox settings' : 'Connect a mailbox'}</h2>
      ${inputField({ name: 'host', label: LABELS.host, value: values.host, errors, required: true, hint: 'Its host name, such as imap.example.com.', attributes: html`maxlength="253" autocapitalize="none" spellcheck="false"` })}
      <div class="pair">
        ${selectField({ name: 'tls', label: LABELS.tls, value: values.tls, errors, required: true, choices: tls.map((t) => ({ value: t, label: TLS_LABELS[t] ?? t })) })}
        ${inputField({ name: 'port', label: LABELS.port, value: values.port, errors, hint: 'Empty: 993 for implicit TLS, 143 otherwise.', attributes: html`inputmode="numeric" maxlength="5"` })}
      </div>
      ${inputField({ name: 'user', label: LABELS.user, value: values.user, errors, required: true, hint: 'Often the mailbox’s own e-mail address.', attributes: html`maxlength="200" autocomplete="off" autocapitalize="none" spellcheck="false"` })}
      ${inputField({ name: 'password', label: LABELS.password, value: '', errors, type: 'password', required: !view.saved, hint: passwordHint(view), attributes: html`maxlength="500" autocomplete="new-password"` })}
      ${textareaField({ name: 'folders', label: LABELS.folders, value: values.folders, errors, required: true, rows: 2, hint: 'As the server names them, separated by commas or one a line: INBOX, and Sent too so that mail written in an ordinary mail program is filed as well.' })}
      ${inputField({ name: 'address', label: LABELS.address, value: values.address, errors, type: 'email', hint: 'The venue’s address in this mailbox, such as events@yourvenue.com. Empty: the user name, when it is an e-mail address.', attributes: html`maxlength="254" autocomplete="off"` })}
      <div class="field">
        <label class="check"><input type="checkbox" id="field-plus_addressing" name="plus_addressing" value="yes" aria-describedby="field-plus_addressing-hint" ${values.plus_addressing === 'yes' ? html`checked` : ''} /><span>${LABELS.plus_addressing}</span></label>
        <p class="hint" id="field-plus_addressing-hint">Ticked, mail about a booking asks for replies at its own address, such as events+bk-00238-…@yourvenue.com, so each reply is filed on its booking. The mailbox must take plus addresses (most do).</p>
      </div>
      <div class="actions"><button type="submit">${view.saved ? 'Save changes' : 'Save the mailbox'}</button></div>
    </form>`;
}

export function emailSettingsPage(v: WorkspaceVisitor, view: EmailSettingsView): string {
  const { values, errors } = view;
  const saved = view.saved;
  const body = html`${settingsTabs(v, 'email')}<h1>E-mail</h1>
    ${noticeOf({ saved: 'Mailbox saved: Marquee reads it now.', removed: 'Mailbox removed: Marquee no longer reads it.' }, view.notice)}
    ${view.check ? connectionCheckView(view.check) : ''}
    ${view.stale ? staleNotice({ ...view.stale }, { ...values }, SHOWN_LABELS, describe) : ''}
    ${errorSummary(errors, LABELS)}
    <p>Marquee reads the venue’s mailbox to keep each client’s mail on its booking, both ways. Without one, the mail Marquee sends still goes out, and replies go to its From address.</p>
    ${saved ? mailboxStatus(v, saved, view.zone) : html`<p class="muted">No mailbox is connected.</p>`}
    ${mailboxForm(v, view)}
    ${
      saved
        ? html`<section class="danger-zone" aria-labelledby="remove-title"><h2 id="remove-title">Remove the mailbox</h2>
      <p>Marquee stops reading it. The mail already filed stays on its bookings; the mailbox itself is left as it is on its server.</p>
      <p><a class="button danger" href="${orgPath(v, '/settings/email/remove')}">Remove mailbox…</a></p></section>`
        : ''
    }`;
  return workspacePage(v, { title: 'E-mail', section: 'settings', body });
}
