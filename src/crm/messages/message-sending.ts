/**
 * Writing to a client from a booking (SPEC §17, `POST /v2/messages`, the booking's Write to
 * client): the message as message-composing.ts judges it, the HTML part made from its text to fit
 * a phone. It is queued with the outbox and shows on the booking at once; its Reply-To is the
 * booking's conversation address. A draft it was written from is used up with it. An
 * organization at the operator's bound of mail an hour (MAIL_PER_HOUR) is refused first.
 */
import { ValidationError } from '../../errors.js';
import { htmlMail } from '../../mail/html-mail.js';
import { Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { queueConversationMail } from './conversation-mail.js';
import { mailPerHourRefusal } from './mail-per-hour.js';
import { type ComposeInput, composeMessage } from './message-composing.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import type { Message } from './message.value.js';

export interface SendInput extends ComposeInput {
  /** Whether an SMTP server sends it (else it waits in the outbox). */
  sending: boolean;
  /** The booking's draft it was written from, which then waits no more. */
  draftId?: string | undefined;
  /** The most messages to clients the organization may send in any hour (config.mailPerHour). */
  mailPerHour: number;
}

/** A message's text as its mail carries it: the text, and an HTML part made from it to fit a phone. */
export function clientMailBody(venue: string, text: string): { text: string; html: string } {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { text: `${text}\n`, html: htmlMail({ sender: venue, paragraphs, notes: [] }) };
}

export const sendMessage: Command<SendInput, Message | Refusal> = {
  action: MESSAGE_ACTIONS.send,
  // Exclusive, not shared: the bound counts what other sends queued, a read before this write.
  lock: 'exclusive',
  async run({ trx, actor, now }, input) {
    const full = await mailPerHourRefusal(trx, actor.organizationId, { limit: input.mailPerHour, now });
    if (full) return full;
    const composed = await composeMessage(trx, actor.organizationId, input);
    if (!composed.message) return Refusal.from(new ValidationError(composed.problems));
    const { bookingId, to, cc, subject, text, attachments } = composed.message;
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'mail_from_name'])
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    const venue = organization.mail_from_name || organization.name;
    if (input.draftId)
      await trx
        .deleteFrom('message_drafts')
        .where('organization_id', '=', actor.organizationId)
        .where('booking_id', '=', bookingId)
        .where('id', '=', input.draftId)
        .execute();
    const [first, ...others] = to;
    return queueConversationMail(
      trx,
      bookingId,
      {
        organizationId: actor.organizationId,
        kind: 'conversation',
        to: first!,
        subject,
        ...clientMailBody(venue, text),
        attachments,
      },
      { now, sending: input.sending, alsoTo: others, cc },
    );
  },
};
