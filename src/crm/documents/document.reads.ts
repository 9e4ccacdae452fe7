/**
 * What the pages read of documents, as values: one of the organization's, and a booking's with
 * their client links, their signatures and what changed since a proposal was signed.
 */
import type { Reads } from '../data/reads.js';
import { findRow } from '../data/record-lookup.js';
import { documentCodec, type DocumentValue } from './document.codec.js';
import { documentDefinition } from './document.resource.js';
import { linksOf } from './document-links.js';
import { signaturesOf } from './document-signing.js';
import type { DocumentLink } from './document.table.js';
import { changesSinceSigned, type SignedPart } from './signed-state.js';

/** The organization's document, or undefined (another organization's too). */
export async function findDocument(
  reads: Reads,
  organizationId: string,
  id: string,
): Promise<DocumentValue | undefined> {
  const row = await findRow(reads.db, documentDefinition, organizationId, id);
  return row && documentCodec.decode(row);
}

/** A booking's documents as its page lists them, with what each shows beside it. */
export interface BookingDocuments {
  /** Newest first. */
  documents: DocumentValue[];
  /** Each document's client links, newest first. */
  links: Map<string, DocumentLink[]>;
  signatures: Awaited<ReturnType<typeof signaturesOf>>;
  /** The parts of the booking changed since the client signed, by signed proposal (unchanged ones left out). */
  changedSinceSigned: Map<string, SignedPart[]>;
}

export async function bookingDocuments(
  reads: Reads,
  organizationId: string,
  bookingId: string,
): Promise<BookingDocuments> {
  const { db } = reads;
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const documents = rows.map(documentCodec.decode);
  const ids = documents.map((d) => d.id);
  const signed = documents.filter((d) => d.kind === 'proposal' && d.status === 'signed');
  const [links, signatures, changedSinceSigned] = await Promise.all([
    linksOf(db, organizationId, ids),
    signaturesOf(db, ids),
    changesSinceSigned(db, organizationId, signed),
  ]);
  const byDocument = new Map<string, DocumentLink[]>();
  for (const link of links)
    byDocument.set(link.document_id, [...(byDocument.get(link.document_id) ?? []), link]);
  return { documents, links: byDocument, signatures, changedSinceSigned };
}
