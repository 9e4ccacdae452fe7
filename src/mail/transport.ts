/**
 * Sending one message through the configured SMTP server with nodemailer (SPEC §13). The
 * outcome says whether to try again: a server that refuses the recipient or the message for good
 * (5xx) makes it `failed`; anything else (a connection that failed, a timeout, a 4xx, a login
 * refused) is tried again on the schedule. The error kept is the server's answer or the
 * connection's failure, never the message, the SMTP_URL or its password (the server's answer
 * may name the address: logs take it through withoutAddresses).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { OutgoingMailTable } from './mail.table.js';
import type { MailAttachment } from './outbox.js';

export type MailAttempt = { ok: true; messageId: string } | { ok: false; permanent: boolean; error: string };

/** How one message goes besides its row: who it is from, where answers go, the files it carries. */
export interface MailEnvelope {
  /** The organization's own From; the transport's when absent. */
  from?: string | undefined;
  /** Where the client's answer reaches the venue; none when absent. */
  replyTo?: string | undefined;
  attachments?: readonly MailAttachment[] | undefined;
}

export interface MailTransport {
  send(mail: OutgoingMailTable, envelope?: MailEnvelope): Promise<MailAttempt>;
  close(): void;
}

/**
 * How to reach the server `smtpUrl` names. A login never crosses the network in the clear: with a
 * user in an `smtp:` URL, STARTTLS is required (the server must offer it, and its certificate must
 * verify) unless the operator opts out with `?tls=optional`, e.g. for a relay on the same host;
 * `?tls=required` asks for it without a login too. `smtps:` is TLS from the first byte.
 */
export function smtpConnection(smtpUrl: string): { url: string; requireTLS: boolean } {
  const url = new URL(smtpUrl);
  const tls = url.searchParams.get('tls');
  url.searchParams.delete('tls');
  const login = url.username !== '';
  return {
    url: url.href,
    requireTLS: url.protocol === 'smtp:' && (tls === 'required' || (tls !== 'optional' && login)),
  };
}

/** A transport for `smtpUrl` sending as `from`: one connection at a time, reused while busy. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const connection = smtpConnection(smtpUrl);
  const transporter: Transporter = nodemailer.createTransport({
    url: connection.url,
    requireTLS: connection.requireTLS,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail, { from: sender, replyTo, attachments = [] } = {}) {
      // One address each, exactly: nodemailer would send "a@x, b@y" to both.
      const others = otherRecipientsOf(mail.other_recipients);
      if (!oneAddress(mail.to_address) || [...others.to, ...others.cc].some((a) => !oneAddress(a.address)))
        return { ok: false, permanent: true, error: 'The recipient is not one e-mail address.' };
      try {
        const info = (await transporter.sendMail({
          from: sender ?? from,
          messageId: messageIdOf(mail.id, sender ?? from),
          to: [{ name: mail.to_name, address: mail.to_address }, ...others.to].map(header),
          ...(others.cc.length === 0 ? {} : { cc: others.cc.map(header) }),
          ...(replyTo === undefined ? {} : { replyTo }),
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.html_body === null ? {} : { html: mail.html_body }),
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.bytes),
          })),
        })) as { messageId: string };
        return { ok: true, messageId: info.messageId };
      } catch (error) {
        return failure(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The message's Message-ID, one per row of the outbox: the only repeat SMTP allows (a process
 * killed between the server's 250 and the record of it, SPEC §18) reaches the recipient as the
 * same message, which mail clients show once.
 */
function messageIdOf(mailId: string, from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  const domain = sender?.address?.split('@')[1] || 'marquee.invalid';
  return `<${mailId}@${domain}>`;
}

/** Whether `address` is one e-mail address, as addressparser reads it. */
function oneAddress(address: string): boolean {
  const parsed = addressparser(address, { flatten: true });
  return parsed.length === 1 && parsed[0]!.address === address;
}

type Recipient = { name: string | null; address: string };

/** The other recipients a message keeps in `other_recipients`. */
function otherRecipientsOf(kept: string | null | undefined): { to: Recipient[]; cc: Recipient[] } {
  if (!kept) return { to: [], cc: [] };
  return JSON.parse(kept) as { to: Recipient[]; cc: Recipient[] };
}

/** An address as a header names it: with its name, when it has one. */
const header = (a: Recipient) => (a.name ? { name: a.name, address: a.address } : a.address);

function failure(error: unknown): MailAttempt {
  const smtp = error as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown };
  const responseCode = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined;
  const answer = typeof smtp.response === 'string' ? smtp.response : undefined;
  // Refused for good: a 5xx to the recipient or the message, or a recipient nodemailer could not
  // use at all (EENVELOPE without an answer from the server).
  const envelope = smtp.code === 'EENVELOPE' || smtp.code === 'EMESSAGE';
  const permanent =
    (envelope && responseCode !== undefined && responseCode >= 500) ||
    (smtp.code === 'EENVELOPE' && responseCode === undefined);
  const said = answer ?? (typeof smtp.message === 'string' ? smtp.message : String(error));
  // A login over smtp: needs STARTTLS (smtpConnection): say so, not only the server's refusal.
  const words =
    smtp.code === 'ETLS'
      ? `The server did not take STARTTLS, which sending with a login over smtp: requires (add ?tls=optional to SMTP_URL to allow it without TLS): ${said}`
      : said;
  return { ok: false, permanent, error: words.slice(0, 500) };
}

/** Where the SMTP server is, for pages and logs: its host and port, never its user or password. */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** The server's answer with any e-mail address in it replaced, for the log. */
export function withoutAddresses(text: string): string {
  return text.replace(/<[^<>\s]*@[^<>\s]*>|[^\s<>"]+@[^\s<>"]+/g, '<address>');
}
