/**
 * An inquiry from the venue's public form (SPEC §14): a lead (../leads/lead.command.ts) and, in
 * the same unit of work, an e-mail to each of the organization's admins with a link to it,
 * through the outbox (src/mail/outbox.ts): so no lead is made without its e-mails, nor e-mails
 * about a lead that was refused. Its form token is used in that unit of work too
 * (inquiry-tokens.ts): a second post with it is refused, and a refused inquiry leaves it unused.
 */
import type { Command } from '../../writes/unit-of-work.js';
import { isRefusal, type Refusal, refuse } from '../../writes/refusal.js';
import { queueMail } from '../../mail/outbox.js';
import type { BookingRow } from '../bookings/index.js';
import { createLead, type LeadInput } from '../leads/index.js';
import { TOKEN_USED, useFormToken } from './inquiry-tokens.js';
import { INQUIRY_ACTIONS } from './inquiry.policy.js';

export interface Inquiry {
  lead: LeadInput;
  /** The form token it came with, checked, and when that form was served. */
  token: string;
  servedAt: number;
  /** The workspace's address of a booking, for the admins' link. */
  bookingUrl: (bookingId: string) => string;
  /** Whether an SMTP server sends mail (else it is kept in the outbox). */
  sending: boolean;
}

export const takeInquiry: Command<Inquiry, BookingRow | Refusal> = {
  action: INQUIRY_ACTIONS.take,
  async run(work, { lead, token, servedAt, bookingUrl, sending }) {
    const fresh = await useFormToken(work.trx, {
      token,
      servedAt,
      organizationId: work.actor.organizationId,
      now: work.now,
    });
    if (!fresh) return refuse({ status: 409, code: 'form_used', detail: TOKEN_USED });
    const booking = await work.run(createLead, lead);
    if (isRefusal(booking)) return booking;
    const { trx, actor, now } = work;
    const admins = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'u.name'])
      .where('m.organization_id', '=', actor.organizationId)
      .where('m.role', '=', 'admin')
      .orderBy('u.email')
      .execute();
    const who = `${lead.contact.first_name} ${lead.contact.last_name}`.trim();
    const when = lead.start_time
      ? `${lead.date} ${lead.start_time}–${lead.end_time ?? ''}`
      : `${lead.date} (all day)`;
    const text = [
      `${who} <${lead.contact.email.trim()}> asked about ${lead.event_type ? `a ${lead.event_type}` : 'an event'} on ${when}${lead.guest_count !== undefined ? ` for ${lead.guest_count} guests` : ''}.`,
      lead.company ? `Company: ${lead.company}` : '',
      lead.contact.phone ? `Phone: ${lead.contact.phone}` : '',
      lead.message ? `\n${lead.message.trim()}\n` : '',
      `The lead ${booking.reference}: ${bookingUrl(booking.id)}`,
    ]
      .filter(Boolean)
      .join('\n');
    for (const admin of admins) {
      await queueMail(
        trx,
        {
          organizationId: actor.organizationId,
          kind: 'inquiry',
          to: { address: admin.email, name: admin.name },
          subject: `New inquiry: ${booking.name}`,
          text,
        },
        { now, sending },
      );
    }
    return booking;
  },
};
