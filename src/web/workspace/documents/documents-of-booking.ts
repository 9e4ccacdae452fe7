/**
 * What a booking's Documents section reads (documents.view.ts): its documents, their links and
 * signatures, and what changed since a proposal was signed.
 */
import type { BookingRow } from '../../../crm/bookings/index.js';
import { bookingDocuments } from '../../../crm/documents/index.js';
import type { EventValue } from '../../../crm/events/index.js';
import type { Db } from '../../../db/database.js';
import type { DocumentsSection } from './documents.view.js';

export async function documentsOfBooking(
  db: Db,
  booking: BookingRow,
  events: readonly EventValue[],
  zone: string,
  now = Date.now(),
): Promise<DocumentsSection> {
  const read = await bookingDocuments({ db }, booking.organization_id, booking.id);
  return {
    bookingId: booking.id,
    definite: booking.status === 'definite',
    ...read,
    events,
    zone,
    now,
  };
}
