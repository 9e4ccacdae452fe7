/**
 * A message read from a mailbox, parsed with mailparser into what the filing reads (SPEC §17):
 * its Message-ID (or one made of its bytes, so reading it again files nothing), the thread it
 * answers, its addresses lower-cased, its parts and its attachments.
 */
import { createHash } from 'node:crypto';
import { type AddressObject, simpleParser } from 'mailparser';
import type { Mailbox, ReadMail } from '../../crm/messages/index.js';

function addresses(value: AddressObject | AddressObject[] | undefined): Mailbox[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list
    .flatMap((a) => a.value)
    .filter((a) => typeof a.address === 'string' && a.address !== '')
    .map((a) => ({ name: a.name ?? '', email: a.address!.toLowerCase() }));
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

/** A parsed message as the filing reads it. */
export async function readMail(source: Buffer): Promise<ReadMail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? parsed.references.split(/\s+/)
      : [];
  const inReplyTo = parsed.inReplyTo ? bare(parsed.inReplyTo) : null;
  const threadIds = [
    ...new Set([...(inReplyTo ? [inReplyTo] : []), ...references.map(bare).reverse()].filter(Boolean)),
  ];
  const delivered = parsed.headers.get('delivered-to') ?? parsed.headers.get('x-original-to');
  const deliveredTo = (Array.isArray(delivered) ? delivered : delivered ? [delivered] : [])
    .map((v) => (typeof v === 'string' ? v : ''))
    .filter((v) => v.includes('@'));
  const from = addresses(parsed.from)[0] ?? { name: '', email: '' };
  return {
    // A message without a Message-ID is known by its bytes, so reading it again files nothing.
    messageId: parsed.messageId
      ? bare(parsed.messageId)
      : `${createHash('sha256').update(source).digest('hex').slice(0, 32)}@no-message-id.invalid`,
    inReplyTo,
    threadIds,
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    deliveredTo,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    sentAt: (parsed.date ?? new Date()).toISOString(),
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition !== 'inline' || !a.related)
      .map((a) => ({
        name: a.filename ?? 'attachment',
        contentType: a.contentType ?? 'application/octet-stream',
        content: a.content,
      })),
  };
}
