/**
 * What a booking's Documents section reads (documents.view.ts): its documents, their links and
 * signatures, and what changed since a proposal was signed.
 */
import type { BookingRow } from '../../../crm/bookings/index.js';
import {
  changesSinceSigned,
  type DocumentLink,
  linksOf,
  signaturesOf,
} from '../../../crm/documents/index.js';
import type { EventRow } from '../../../crm/events/index.js';
import type { Db } from '../../../db/database.js';
import type { DocumentsSection } from './documents.view.js';

export async function documentsOfBooking(
  db: Db,
  booking: BookingRow,
  events: readonly EventRow[],
  zone: string,
  now = Date.now(),
): Promise<DocumentsSection> {
  const documents = await db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', booking.organization_id)
    .where('booking_id', '=', booking.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ids = documents.map((d) => d.id);
  const signed = documents.filter((d) => d.kind === 'proposal' && d.status === 'signed');
  const [links, signatures, changedSinceSigned] = await Promise.all([
    linksOf(db, booking.organization_id, ids),
    signaturesOf(db, ids),
    changesSinceSigned(db, booking.organization_id, signed),
  ]);
  const byDocument = new Map<string, DocumentLink[]>();
  for (const link of links)
    byDocument.set(link.document_id, [...(byDocument.get(link.document_id) ?? []), link]);
  return {
    bookingId: booking.id,
    definite: booking.status === 'definite',
    documents,
    links: byDocument,
    signatures,
    events,
    changedSinceSigned,
    zone,
    now,
  };
}
