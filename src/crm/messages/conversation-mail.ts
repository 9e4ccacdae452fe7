/**
 * Mail to a client about a booking is a message of its conversation (SPEC §17): queued with the
 * outbox in the same unit of work, it shows on the booking at once (state `queued`), takes its
 * Message-ID and `sent` when the mail sender sends it (or `failed`), and its Reply-To is the
 * booking's conversation address, so the client's answer files itself beside it.
 */
import { createHash } from 'node:crypto';
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { plusAddressingOf } from '../../mail/inbound/mailbox.codec.js';
import { type MailAddress, type NewMail, queueMail } from '../../mail/outbox.js';
import { appSecret } from '../../db/app-secrets.js';
import { emailKey } from '../contacts/index.js';
import { CONVERSATION_KEY, conversationAddress } from './conversation-address.js';
import { type Message, messageCodec } from './message.value.js';
import { messageResource } from './message.resource.js';
import { recordChange } from '../../changes/record-change.js';
import { nextVersion } from '../records.js';

/** Queues `mail` about `bookingId` and keeps it as a message of the booking's conversation. */
export async function queueConversationMail(
  trx: Trx,
  bookingId: string,
  mail: Omit<NewMail, 'conversation'>,
  {
    now,
    sending,
    alsoTo = [],
    cc = [],
  }: { now: number; sending: boolean; alsoTo?: ReadonlyArray<MailAddress>; cc?: ReadonlyArray<MailAddress> },
): Promise<Message> {
  const organizationId = mail.organizationId;
  const [organization, mailbox, contact] = await Promise.all([
    trx
      .selectFrom('organizations')
      .select(['name', 'mail_from_name', 'mail_from_address'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('mailboxes')
      .select('address')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst(),
    trx
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey(mail.to.address)))
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const id = newId(now);
  const files = mail.attachments ?? [];
  const message: Message = {
    id,
    organizationId,
    bookingId,
    contactId: contact?.id ?? null,
    direction: 'out',
    from: {
      name: organization.mail_from_name || organization.name,
      email: mailbox?.address ?? organization.mail_from_address ?? '',
    },
    to: [mail.to, ...alsoTo].map((a) => ({ name: a.name ?? '', email: a.address.toLowerCase() })),
    cc: cc.map((c) => ({ name: c.name ?? '', email: c.address.toLowerCase() })),
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    sentAt: isoTime(now),
    state: 'queued',
    // Its own until the mail sender sends it with the Message-ID it then has.
    messageId: `${id}@queued.marquee`,
    inReplyTo: null,
    threadIds: [],
    attachments: files.map((f) => ({ name: f.filename, content_type: f.contentType, size: f.bytes.length })),
    dismissed: false,
    readAt: isoTime(now),
    createdAt: isoTime(now),
    updatedAt: isoTime(now),
  };
  await trx.insertInto('messages').values(messageCodec.encode(message)).execute();
  for (const [position, file] of files.entries()) {
    await trx
      .insertInto('message_attachments')
      .values({
        id: `${id}-${position + 1}-${createHash('sha256').update(file.bytes).digest('hex').slice(0, 8)}`,
        message_id: id,
        organization_id: organizationId,
        position: position + 1,
        name: file.filename,
        content_type: file.contentType,
        size: file.bytes.length,
        content: Buffer.from(file.bytes),
      })
      .execute();
  }
  // One mail, with every recipient in its To and Cc headers, as a mail program sends it.
  await queueMail(trx, { ...mail, alsoTo, cc, conversation: { bookingId, messageId: id } }, { now, sending });
  return message;
}

/**
 * Where the client's answer to mail about a booking goes (SPEC §17): the booking's conversation
 * address when the venue's mailbox takes plus tags, else the mailbox's address; undefined without
 * a mailbox (the caller answers with the venue's From).
 */
export async function conversationReplyTo(
  db: Db,
  organizationId: string,
  bookingId: string,
  now: number,
): Promise<string | undefined> {
  const mailbox = await db
    .selectFrom('mailboxes')
    .select(['address', 'plus_addressing'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!mailbox) return undefined;
  if (!plusAddressingOf(mailbox)) return mailbox.address;
  const booking = await db
    .selectFrom('bookings')
    .select('reference')
    .where('organization_id', '=', organizationId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) return mailbox.address;
  const secret = await appSecret(db, CONVERSATION_KEY, now);
  return conversationAddress(secret, organizationId, mailbox.address, booking.reference);
}

/**
 * What sending made of a message of a conversation: `sent` with the Message-ID it went with (so
 * the client's reply threads to it), or `failed` for good; told as message.sent or message.failed.
 */
export async function conversationSent(
  trx: Trx,
  mail: { conversation_message_id?: string | null; organization_id: string },
  { messageId, now }: { messageId?: string; now: number },
): Promise<void> {
  if (!mail.conversation_message_id) return;
  // In the caller's transaction: the sending job's completion.
  const row = await trx
    .selectFrom('messages')
    .selectAll()
    .where('organization_id', '=', mail.organization_id)
    .where('id', '=', mail.conversation_message_id!)
    .executeTakeFirst();
  if (!row || row.state !== 'queued') return;
  const sent = messageId !== undefined;
  const updated = {
    ...row,
    state: sent ? ('sent' as const) : ('failed' as const),
    message_id: sent ? messageId.replace(/^<|>$/g, '') : row.message_id,
    sent_at: sent ? isoTime(now) : row.sent_at,
    updated_at: nextVersion(row.updated_at, now),
  };
  await trx
    .updateTable('messages')
    .set({
      state: updated.state,
      message_id: updated.message_id,
      sent_at: updated.sent_at,
      updated_at: updated.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
  await recordChange(trx, {
    organizationId: mail.organization_id,
    type: sent ? 'message.sent' : 'message.failed',
    object: messageResource(messageCodec.decode(updated), ''),
    now,
  });
}
