/**
 * A lead made of a message waiting in the Inbox (SPEC §17, by the §14 path): a `lead` booking
 * with source `email`, named after the subject, on the day the member gives; its contact is the
 * organization's contact with the sender's address, else one made of the sender's name and
 * address (../bookings/lead-contact.ts, through the lead); then the message is filed on it. One
 * unit of work: a lead is never made without its message, nor a message filed on a lead that was
 * refused. The version the page read must still be the message's (someone may have filed or
 * dismissed it meanwhile), and only a message still in the Inbox makes a lead.
 */
import { NotFoundError, PreconditionFailedError } from '../../errors.js';
import { isRefusal, Refusal, refuse } from '../../writes/refusal.js';
import type { BookingRow } from '../bookings/index.js';
import { createLead, LEAD_LIMITS } from '../leads/index.js';
import { matches } from '../data/etag.js';
import { versionTag } from '../version-tag.js';
import type { Change, Command } from '../../writes/unit-of-work.js';
import { updateMessage } from './message.commands.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import type { Mailbox } from './message.value.js';

export interface LeadOfMessageInput {
  /** The day of the event asked about (YYYY-MM-DD, in the venue's time zone). */
  date?: string | undefined;
}

/**
 * What a sender wrote, as one line of a name: control characters and the bidirectional controls
 * a name may not hold (../validation.ts) become spaces, so a strange subject still makes a lead.
 */
// eslint-disable-next-line no-control-regex
const UNNAMEABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const oneLine = (text: string) => text.replace(UNNAMEABLE, ' ').replace(/\s+/g, ' ').trim();

/** "Re: Fwd: Summer party" → "Summer party": a booking is named after what was asked. */
export function leadName(subject: string, from: Mailbox): string {
  const asked = oneLine(subject).replace(/^((re|fwd?|aw|wg|tr)\s*:\s*)+/i, '');
  const name = asked || `E-mail from ${oneLine(from.name) || from.email}`;
  return name.slice(0, LEAD_LIMITS.text);
}

/** The sender as a lead's contact: first word, the rest; without a name, the address's local part. */
export function senderName(from: Mailbox): { first_name: string; last_name: string } {
  const words = oneLine(from.name).split(' ').filter(Boolean);
  if (words.length === 0) return { first_name: from.email.split('@')[0] ?? from.email, last_name: '' };
  const [first, ...rest] = words;
  return {
    first_name: (first ?? '').slice(0, LEAD_LIMITS.text),
    last_name: rest.join(' ').slice(0, LEAD_LIMITS.text),
  };
}

export const makeLeadOfMessage: Command<Change<LeadOfMessageInput>, BookingRow | Refusal> = {
  action: MESSAGE_ACTIONS.make_lead,
  async run(work, { id, ifMatch, input }) {
    const { trx, actor } = work;
    const row = await trx
      .selectFrom('messages')
      .select(['id', 'updated_at', 'booking_id', 'direction', 'from_name', 'from_email', 'subject'])
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return Refusal.from(new NotFoundError(`No messages resource has the id "${id}".`));
    if (!matches(ifMatch, versionTag('messages', row))) {
      return Refusal.from(
        new PreconditionFailedError(
          'The message has changed since you read it (If-Match does not match its ETag).',
        ),
      );
    }
    if (row.direction !== 'in' || row.booking_id !== null) {
      return refuse({
        status: 409,
        code: 'not_in_inbox',
        detail: 'Only a message from a client waiting in the Inbox makes a lead.',
      });
    }
    const from = { name: row.from_name, email: row.from_email };
    const booking = await work.run(createLead, {
      name: leadName(row.subject, from),
      contact: { ...senderName(from), email: from.email },
      date: input.date?.trim() ?? '',
      source: 'email',
    });
    if (isRefusal(booking)) return booking;
    // The message names its sender's contact from now on, as one filed by its sender would.
    await trx
      .updateTable('messages')
      .set({ contact_id: booking.contact_id })
      .where('id', '=', row.id)
      .where('contact_id', 'is', null)
      .execute();
    const filed = await work.run(updateMessage, {
      id: row.id,
      ifMatch,
      input: { bookingId: booking.id, dismissed: false },
    });
    return isRefusal(filed) ? filed : booking;
  },
};
