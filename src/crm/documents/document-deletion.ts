/**
 * A booking's documents when the booking is deleted (SPEC §13): the step its deletion runs beneath
 * the booking's commands, reached through `beneath.ts`.
 */
import { refuse, type Refusal } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { recordDeleted } from '../change-events.js';
import { documentDefinition } from './document.resource.js';

/**
 * A booking's documents when it is deleted: its drafts go with it (each told of); one that left
 * the venue (sent, signed, issued or voided) is kept, and with it the booking: the refusal (409)
 * the booking's deletion returns.
 */
export async function documentsGoWithBooking(work: Work, bookingId: string): Promise<Refusal | undefined> {
  const { trx, now } = work;
  const documents = await trx
    .selectFrom('documents')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .execute();
  const kept = documents.filter((d) => d.status !== 'draft');
  if (kept.length > 0) {
    return refuse({
      status: 409,
      code: 'has_dependents',
      detail: `This booking has ${kept.length === 1 ? '1 document' : `${kept.length} documents`} that left the venue (sent, signed, issued or voided): they are kept, and the booking with them. Mark it lost or closed instead.`,
    });
  }
  for (const document of documents) await recordDeleted(trx, documentDefinition, document, now);
  return undefined;
}
