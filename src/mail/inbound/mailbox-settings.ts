/**
 * The venue's mailbox as its admins set it (SPEC §17, `PATCH /v2/organization` `mailbox`): the
 * rules of each setting, one pure function reporting every bad one at once; the password sealed
 * with a secret of this installation (AES-256-GCM, bound to its organization) and never shown
 * again; and the mailbox as the API shows it, without the password.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FieldProblem } from '../../errors.js';
import { CONTROL } from '../../text-rules.js';
import { foldersOf } from './mailbox.codec.js';
import { MAILBOX_TLS, type MailboxState, type MailboxTable, type MailboxTls } from './mailbox.table.js';

export interface MailboxInput {
  host?: string | undefined;
  port?: number | undefined;
  tls?: string | undefined;
  user?: string | undefined;
  password?: string | undefined;
  folders?: readonly string[] | undefined;
  address?: string | undefined;
  plus_addressing?: boolean | undefined;
}

/** The mailbox as the API shows it: everything but the password. */
export interface MailboxView {
  host: string;
  port: number;
  tls: MailboxTls;
  user: string;
  password_set: true;
  folders: string[];
  address: string;
  plus_addressing: boolean;
  state: MailboxState;
  last_error: string | null;
}

/** The settings a mailbox is read with, once checked (the password in clear, to be sealed). */
export interface MailboxSettings {
  host: string;
  port: number;
  tls: MailboxTls;
  username: string;
  password: string | undefined;
  folders: string[];
  address: string;
  plus_addressing: boolean;
}

// No white space and no control character (NUL included), which no address holds.
// eslint-disable-next-line no-control-regex -- the control characters are what it refuses
const ADDRESS = /^[^\s\u0000-\u001f\u007f@<>()",;:\\]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/;

const DEFAULT_PORT: Record<MailboxTls, number> = { implicit: 993, starttls: 143, none: 143 };

export function isEmailAddress(text: string): boolean {
  return ADDRESS.test(text);
}

function problem(member: string, detail: string, code = 'invalid_value'): FieldProblem {
  return {
    field: `mailbox/${member}`,
    detail,
    code,
    source: { pointer: `/data/attributes/mailbox/${member}` },
  };
}

/**
 * The settings `input` makes of the `current` mailbox (undefined: none yet, so host, user and
 * password are needed), or every problem with them. `allowPlain` admits `tls: none` (only where
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS is set, as for webhooks on a private network).
 */
export function checkMailbox(
  input: MailboxInput,
  current: MailboxTable | undefined,
  allowPlain: boolean,
): { value: MailboxSettings; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const host = (input.host ?? current?.host ?? '').trim();
  if (host === '') problems.push(problem('host', 'The IMAP server’s host name is needed.', 'required'));
  else if (!HOST.test(host))
    problems.push(problem('host', `"${host}" is not a host name such as imap.example.com.`));

  const tls = (input.tls ?? current?.tls ?? 'implicit') as MailboxTls;
  if (!(MAILBOX_TLS as readonly string[]).includes(tls)) {
    problems.push(problem('tls', `"${tls}" is not one of ${MAILBOX_TLS.join(', ')}.`));
  } else if (tls === 'none' && !allowPlain) {
    problems.push(
      problem(
        'tls',
        'A mailbox is read over TLS (implicit or starttls): its password must not cross the network in clear.',
      ),
    );
  }
  const port =
    input.port ?? (input.tls !== undefined || !current ? (DEFAULT_PORT[tls] ?? 993) : current.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(problem('port', 'A port is a whole number from 1 to 65535.'));
  }

  const username = (input.user ?? current?.username ?? '').trim();
  if (username === '') problems.push(problem('user', 'The mailbox’s user name is needed.', 'required'));
  else if (CONTROL.test(username) || username.length > 200)
    problems.push(problem('user', 'A user name is one line of at most 200 characters.'));

  const password = input.password;
  if (password === undefined && !current) {
    problems.push(problem('password', 'The mailbox’s password (an app password) is needed.', 'required'));
  } else if (
    password !== undefined &&
    (password === '' || password.length > 500 || /[\r\n\0]/.test(password))
  ) {
    problems.push(problem('password', 'A password is one line of 1 to 500 characters.'));
  }

  const folders = input.folders
    ? [...new Set(input.folders.map((f) => f.trim()))]
    : current
      ? foldersOf(current)
      : ['INBOX'];
  if (folders.length === 0 || folders.length > 10) {
    problems.push(problem('folders', 'Read from 1 to 10 folders (e.g. INBOX and Sent).'));
  } else if (folders.some((f) => f === '' || f.length > 200 || CONTROL.test(f) || /[*%]/.test(f))) {
    problems.push(
      problem('folders', 'A folder is named as the server names it (e.g. INBOX, Sent), without * or %.'),
    );
  }

  const given = input.address?.trim();
  const address = (given ?? (current?.address || (isEmailAddress(username) ? username : ''))).toLowerCase();
  if (address === '') {
    problems.push(
      problem('address', 'The mailbox’s e-mail address is needed (its user name is not one).', 'required'),
    );
  } else if (!isEmailAddress(address)) {
    problems.push(problem('address', `"${address}" is not an e-mail address.`));
  }
  const plus = input.plus_addressing ?? (current ? current.plus_addressing === 1 : true);
  return {
    value: { host, port, tls, username, password, folders, address, plus_addressing: plus },
    problems,
  };
}

export function mailboxView(row: MailboxTable): MailboxView {
  return {
    host: row.host,
    port: row.port,
    tls: row.tls,
    user: row.username,
    password_set: true,
    folders: foldersOf(row),
    address: row.address,
    plus_addressing: row.plus_addressing === 1,
    state: row.state,
    last_error: row.last_error,
  };
}

/** The name of the installation's secret that seals mailbox passwords (src/security/app-secrets.ts). */
export const MAILBOX_KEY = 'mailbox-password-key';

function keyOf(secret: string): Buffer {
  return Buffer.from(secret, 'base64url').subarray(0, 32);
}

/** The password sealed for its organization: it opens only with the same secret and organization. */
export function sealPassword(secret: string, organizationId: string, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(Buffer.from(organizationId));
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function openPassword(secret: string, organizationId: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12))
    .setAAD(Buffer.from(organizationId))
    .setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
