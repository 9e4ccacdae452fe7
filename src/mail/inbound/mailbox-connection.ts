/**
 * Connecting to a venue's mailbox (SPEC §17), the one way both the reader and Settings → E-mail's
 * connection check do it: the webhook rule for private network addresses first (§8: a mailbox on
 * one is refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is set, so the form cannot be used to probe
 * the installation's own network), then imapflow with the mailbox's TLS; a failure is said in the
 * server's own words, never with the password.
 */
import { ImapFlow } from 'imapflow';
import type { Db } from '../../db/database.js';
import { appSecret } from '../../db/app-secrets.js';
import { isPublicAddress, resolveHost } from '../../webhooks/ssrf-guard.js';
import { MAILBOX_KEY, openPassword } from './mailbox-settings.js';
import { mailboxOf } from './mailbox-store.js';
import type { MailboxTls } from './mailbox.table.js';
import { foldersOf } from './mailbox.codec.js';

/** What logging in to a mailbox takes (the password in clear, opened just before). */
export interface MailboxLogin {
  host: string;
  port: number;
  tls: MailboxTls;
  username: string;
  password: string;
}

/** Why `host` may not be reached from here, or undefined when it may. */
export async function mailboxHostProblem(
  host: string,
  allowPrivateNetworks: boolean,
): Promise<string | undefined> {
  if (allowPrivateNetworks) return undefined;
  let found: string[];
  try {
    found = await resolveHost(host);
  } catch {
    return `The host name ${host} does not resolve.`;
  }
  const refused = found.find((a) => !isPublicAddress(a));
  return refused ? `${host} resolves to ${refused}, which is not a public address.` : undefined;
}

/**
 * An IMAP client for the mailbox, not yet connected; its socket errors are answered by its calls.
 * `idle`: a watcher's, which runs no command but opening its folder and idles at once.
 */
export function mailboxClient(login: MailboxLogin, { idle = false }: { idle?: boolean } = {}): ImapFlow {
  const client = new ImapFlow({
    host: login.host,
    port: login.port,
    secure: login.tls === 'implicit',
    doSTARTTLS: login.tls === 'starttls' ? true : login.tls === 'none' ? false : undefined,
    auth: { user: login.username, pass: login.password },
    logger: false,
    disableAutoIdle: !idle,
    ...(idle ? { autoIdleDelay: 500 } : {}),
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: idle ? 30 * 60_000 : 120_000,
  });
  client.on('error', () => undefined);
  return client;
}

/** The server's words for a failure (imapflow keeps the IMAP response text apart). */
export function serverWords(error: unknown): string {
  const e = error as { responseText?: string; message?: string };
  const words = e.responseText || e.message || String(error);
  return words.length > 500 ? `${words.slice(0, 500)}…` : words;
}

/** Whether the server refused the login itself (counted towards pausing the mailbox). */
export function refusedLogin(error: unknown): boolean {
  return (error as { authenticationFailed?: boolean }).authenticationFailed === true;
}

/** What a connection check found: each folder opened and its messages, or the server's words. */
export interface ConnectionCheck {
  folders: Array<{ name: string; messages: number }>;
  /** The server's words (prefixed with the folder that failed, if one did); absent when all opened. */
  error?: string;
}

/** Logs in now, opens each folder read-only as the reader does, and logs out. */
export async function checkMailboxConnection(
  login: MailboxLogin & { folders: readonly string[] },
  options: { allowPrivateNetworks: boolean },
): Promise<ConnectionCheck> {
  const folders: ConnectionCheck['folders'] = [];
  const refusedHost = await mailboxHostProblem(login.host, options.allowPrivateNetworks);
  if (refusedHost) return { folders, error: refusedHost };
  const client = mailboxClient(login);
  try {
    await client.connect();
  } catch (error) {
    return { folders, error: serverWords(error) };
  }
  try {
    for (const name of login.folders) {
      try {
        const lock = await client.getMailboxLock(name, { readOnly: true });
        const opened = client.mailbox;
        folders.push({ name, messages: opened ? opened.exists : 0 });
        lock.release();
      } catch (error) {
        return { folders, error: `${name}: ${serverWords(error)}` };
      }
    }
    return { folders };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The connection check of the organization's saved mailbox; undefined when it has none. */
export async function checkSavedMailbox(
  db: Db,
  organizationId: string,
  options: { allowPrivateNetworks: boolean; now: number },
): Promise<ConnectionCheck | undefined> {
  const mailbox = await mailboxOf(db, organizationId);
  if (!mailbox) return undefined;
  const secret = await appSecret(db, MAILBOX_KEY, options.now);
  return checkMailboxConnection(
    {
      host: mailbox.host,
      port: mailbox.port,
      tls: mailbox.tls,
      username: mailbox.username,
      password: openPassword(secret, organizationId, mailbox.password_sealed),
      folders: foldersOf(mailbox),
    },
    options,
  );
}
