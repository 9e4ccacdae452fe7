/**
 * Filing a message read from the venue's mailbox (SPEC §17), as a unit of work of the mailbox's
 * door: once per Message-ID (the same message read again, from another folder, after a restart or
 * by a second process, changes nothing); outgoing when the venue's own address sent it; on the
 * booking the first rule names — (1) its In-Reply-To/References chain names a message already
 * filed on one, (2) a recipient is a booking's conversation address, (3) the client is the contact
 * of exactly one open booking — else in the Inbox. Its HTML is sanitised, its attachments typed by
 * their bytes, at most 25 MB of them.
 */
import { recordChange } from '../../changes/record-change.js';
import { isoTime } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Trx } from '../../db/database.js';
import { appSecret } from '../../db/app-secrets.js';
import type { Command } from '../../writes/unit-of-work.js';
import { emailKey } from '../contacts/index.js';
import { attachmentType } from './attachment-type.js';
import { CONVERSATION_KEY, referenceOfTag } from './conversation-address.js';
import { cleanInboundHtml } from './inbound-html.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import { messageResource } from './message.resource.js';
import { type AttachmentFacts, type Mailbox, type Message, messageCodec } from './message.value.js';

/** The most of a message's attachments kept, in bytes (SPEC §17). */
export const ATTACHMENTS_LIMIT = 25 * 1024 * 1024;
const TEXT_LIMIT = 512 * 1024;

const OPEN_STATUSES = ['lead', 'tentative', 'definite'] as const;

export interface ReadMail {
  messageId: string;
  inReplyTo: string | null;
  /** In-Reply-To, then References, newest first. */
  threadIds: string[];
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  /** Delivered-To and the like: where the message reached the mailbox. */
  deliveredTo: string[];
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
  attachments: Array<{ name: string; contentType: string; content: Buffer }>;
}

export interface Filing {
  mail: ReadMail;
  /** The venue mailbox's address (its plus tags name bookings). */
  mailboxAddress: string;
}

const baseOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at).split('+')[0]}${address.slice(at)}`.toLowerCase();
};

async function ownAddresses(trx: Trx, organizationId: string, mailboxAddress: string): Promise<Set<string>> {
  const organization = await trx
    .selectFrom('organizations')
    .select('mail_from_address')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const own = new Set([baseOf(mailboxAddress)]);
  if (organization?.mail_from_address) own.add(baseOf(organization.mail_from_address));
  return own;
}

async function bookingOfThread(trx: Trx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return undefined;
  const row = await trx
    .selectFrom('messages')
    .select('booking_id')
    .where('organization_id', '=', organizationId)
    .where('message_id', 'in', ids.slice(0, 100))
    .where('booking_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.booking_id ?? undefined;
}

async function bookingOfTag(
  trx: Trx,
  organizationId: string,
  now: number,
  address: string,
  recipients: string[],
) {
  const secret = await appSecret(trx, CONVERSATION_KEY, now);
  for (const recipient of recipients) {
    const reference = referenceOfTag(secret, organizationId, address, recipient);
    if (!reference) continue;
    const row = await trx
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (row) return row.id;
  }
  return undefined;
}

async function contactsOf(trx: Trx, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return trx
    .selectFrom('contacts')
    .select(['id', 'email'])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails.map(emailKey)))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function onlyOpenBookingOf(trx: Trx, organizationId: string, contactIds: readonly string[]) {
  if (contactIds.length === 0) return undefined;
  const rows = await trx
    .selectFrom('bookings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('contact_id', 'in', contactIds)
    .where('status', 'in', OPEN_STATUSES)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0]!.id : undefined;
}

function plainOf(html: string): string {
  return cleanInboundHtml(html.replace(/<(br|\/p|\/div|\/tr|\/li|\/h[1-6])\b[^>]*>/gi, '\n$&'))
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Files the message; answers what was filed, or undefined when it was filed already. */
export const receiveMessage: Command<Filing, Message | undefined> = {
  action: MESSAGE_ACTIONS.receive,
  lock: 'shared',
  async run(work, { mail, mailboxAddress }) {
    const { trx, actor, now } = work;
    const organizationId = actor.organizationId;
    const known = await trx
      .selectFrom('messages')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('message_id', '=', mail.messageId)
      .executeTakeFirst();
    if (known) return undefined;

    const own = await ownAddresses(trx, organizationId, mailboxAddress);
    const outgoing = own.has(baseOf(mail.from.email));
    const recipients = [...mail.to, ...mail.cc].map((m) => m.email);
    const clients = outgoing ? recipients.filter((e) => !own.has(baseOf(e))) : [mail.from.email];
    const contacts = await contactsOf(trx, organizationId, clients);
    const bookingId =
      (await bookingOfThread(trx, organizationId, mail.threadIds)) ??
      (await bookingOfTag(trx, organizationId, now, mailboxAddress, [...recipients, ...mail.deliveredTo])) ??
      (await onlyOpenBookingOf(
        trx,
        organizationId,
        contacts.map((c) => c.id),
      ));

    const kept: Array<{ name: string; contentType: string; content: Buffer }> = [];
    let total = 0;
    for (const attachment of mail.attachments) {
      if (total + attachment.content.length > ATTACHMENTS_LIMIT) continue;
      total += attachment.content.length;
      kept.push({ ...attachment, contentType: attachmentType(attachment.contentType, attachment.content) });
    }
    const facts: AttachmentFacts[] = kept.map((a) => ({
      name: a.name,
      content_type: a.contentType,
      size: a.content.length,
    }));
    const html = mail.html ? cleanInboundHtml(mail.html) : null;
    const text = (mail.text.trim() === '' && mail.html ? plainOf(mail.html) : mail.text).slice(0, TEXT_LIMIT);
    const message: Message = {
      id: newId(now),
      organizationId,
      bookingId: bookingId ?? null,
      contactId: contacts[0]?.id ?? null,
      direction: outgoing ? 'out' : 'in',
      from: mail.from,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      text,
      html: html === '' ? null : html,
      sentAt: mail.sentAt,
      state: outgoing ? 'sent' : 'received',
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      threadIds: mail.threadIds,
      attachments: facts,
      dismissed: false,
      readAt: null,
      createdAt: isoTime(now),
      updatedAt: isoTime(now),
    };
    // Another process may file the same message in the same instant: the unique Message-ID keeps one.
    const inserted = await trx
      .insertInto('messages')
      .values(messageCodec.encode(message))
      .onConflict((oc) => oc.columns(['organization_id', 'message_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    for (const [position, attachment] of kept.entries()) {
      await trx
        .insertInto('message_attachments')
        .values({
          id: newId(now),
          message_id: message.id,
          organization_id: organizationId,
          position: position + 1,
          name: attachment.name,
          content_type: attachment.contentType,
          size: attachment.content.length,
          content: attachment.content,
        })
        .execute();
    }
    await recordChange(trx, {
      organizationId,
      type: outgoing ? 'message.sent' : 'message.received',
      object: messageResource(message, ''),
      now,
    });
    return message;
  },
};
