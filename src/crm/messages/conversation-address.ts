/**
 * A booking's conversation address (SPEC §17): the venue mailbox's address with a plus tag that
 * names the booking, `events+bk-00238-3f9a1c@venue.example`. It is the Reply-To of what Marquee
 * sends about the booking, so the client's answer files itself. The tag carries a check (an HMAC
 * of the organization and the reference with a secret of this installation), so a guessed or
 * altered tag files nothing to a booking.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CONVERSATION_KEY = 'conversation-address-key';

function check(secret: string, organizationId: string, reference: string): string {
  return createHmac('sha256', secret)
    .update(`${organizationId}\n${reference.toUpperCase()}`)
    .digest('hex')
    .slice(0, 8);
}

/** The booking's conversation address in the mailbox `address`. */
export function conversationAddress(
  secret: string,
  organizationId: string,
  address: string,
  reference: string,
): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).split('+')[0];
  return `${local}+${reference.toLowerCase()}-${check(secret, organizationId, reference)}${address.slice(at)}`;
}

/**
 * The booking reference a recipient's plus tag names in the mailbox `address`, when the tag's
 * check holds; else undefined.
 */
export function referenceOfTag(
  secret: string,
  organizationId: string,
  address: string,
  recipient: string,
): string | undefined {
  const at = recipient.lastIndexOf('@');
  const mailboxAt = address.lastIndexOf('@');
  if (at < 0 || mailboxAt < 0) return undefined;
  if (recipient.slice(at).toLowerCase() !== address.slice(mailboxAt).toLowerCase()) return undefined;
  const [local, ...tags] = recipient.slice(0, at).split('+');
  if (tags.length !== 1 || local!.toLowerCase() !== address.slice(0, mailboxAt).split('+')[0]!.toLowerCase())
    return undefined;
  const match = /^([a-z]+-\d+)-([0-9a-f]{8})$/i.exec(tags[0]!);
  if (!match) return undefined;
  const reference = match[1]!.toUpperCase();
  const expected = Buffer.from(check(secret, organizationId, reference));
  const given = Buffer.from(match[2]!.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : undefined;
}
