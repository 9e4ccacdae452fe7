/**
 * Drafting a reply to a client (SPEC §17): a draft waits on its booking for a member to send it
 * from the Conversation; nothing is sent when it is drafted (an assistant never sends mail to a
 * client by itself).
 */
import { isoTime } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { NotFoundError } from '../../errors.js';
import { Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { Problems } from '../validation.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import type { MessageDraftTable } from './message.table.js';

export interface DraftInput {
  bookingId: string;
  text: string;
}

export const draftReply: Command<DraftInput, MessageDraftTable | Refusal> = {
  action: MESSAGE_ACTIONS.draft,
  lock: 'shared',
  async run({ trx, actor, now }, { bookingId, text }) {
    const booking = await trx
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', bookingId ?? '')
      .executeTakeFirst();
    if (!booking)
      return Refusal.from(new NotFoundError(`No booking of this organization has the id "${bookingId}".`));
    const problems = new Problems();
    const body = (text ?? '').trim();
    if (body === '') problems.attribute('text', 'A draft needs some text.', 'blank');
    else if (body.length > 20_000) problems.attribute('text', 'A draft is at most 20,000 characters.');
    problems.text('text', body, 'lines');
    const refused = problems.refusal();
    if (refused) return refused;
    const draft: MessageDraftTable = {
      id: newId(now),
      organization_id: actor.organizationId,
      booking_id: booking.id,
      text: body,
      author_id: actor.userId,
      door: actor.door,
      created_at: isoTime(now),
      updated_at: isoTime(now),
    };
    await trx.insertInto('message_drafts').values(draft).execute();
    return draft;
  },
};

/** The most drafts a booking's Conversation shows (the newest). */
export const DRAFTS_SHOWN = 20;

/** The newest DRAFTS_SHOWN drafts waiting on a booking, oldest first. */
export async function draftsOf(db: Db, organizationId: string, bookingId: string) {
  const newest = await db
    .selectFrom('message_drafts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DRAFTS_SHOWN)
    .execute();
  return newest.reverse();
}

/** One draft waiting on a booking, if it still waits. */
export function draftOf(db: Db, organizationId: string, bookingId: string, id: string) {
  return db
    .selectFrom('message_drafts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .where('id', '=', id)
    .executeTakeFirst();
}
