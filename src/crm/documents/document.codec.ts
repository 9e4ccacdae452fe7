/**
 * Documents as the domain knows them, and their codec: the rows of `documents`, of their snapshots
 * and signatures, of the logos and of the invoice counter read into values, the one place their
 * numbers and flags are coerced (a driver may hand a number over as text) and their JSON parsed.
 * The row types never leave this folder.
 */
import type { Selectable } from 'kysely';
import { flag } from '../data/row-mappers.js';
import type { DocumentModel } from './document-model.js';
import type { SignedState } from './signed-parts.js';
import type {
  DocumentKind,
  DocumentLogoTable,
  DocumentSignatureTable,
  DocumentSnapshotTable,
  DocumentStatus,
  DocumentTable,
  InvoiceNumberTable,
} from './document.table.js';

/** A version of a booking's document, as every door sees it. */
export interface DocumentValue {
  id: string;
  organizationId: string;
  bookingId: string;
  eventId: string | null;
  kind: DocumentKind;
  version: number;
  status: DocumentStatus;
  number: string | null;
  showPrices: boolean;
  sha256: string | null;
  sentAt: string | null;
  signedAt: string | null;
  issuedAt: string | null;
  voidedAt: string | null;
  replacedAt: string | null;
  /** What a signed proposal's client agreed to, part by part (signed-state.ts); null for the others. */
  signedState: SignedState | null;
  createdAt: string;
  updatedAt: string;
}

export const documentCodec = {
  decode(row: Selectable<DocumentTable>): DocumentValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      bookingId: row.booking_id,
      eventId: row.event_id,
      kind: row.kind,
      version: Number(row.version),
      status: row.status,
      number: row.number,
      showPrices: flag(row.show_prices),
      sha256: row.sha256,
      sentAt: row.sent_at,
      signedAt: row.signed_at,
      issuedAt: row.issued_at,
      voidedAt: row.voided_at,
      replacedAt: row.replaced_at,
      signedState: storedSignedStateOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};

/** What a signed proposal's client agreed to, from its `signed_state` JSON (null: none kept). */
export const storedSignedStateOf = (row: Pick<DocumentTable, 'signed_state'>): SignedState | null =>
  row.signed_state === null ? null : (JSON.parse(row.signed_state) as SignedState);

/** A logo's size in pixels, from its row. */
export function logoSizeOf(row: Pick<DocumentLogoTable, 'width' | 'height'>): {
  width: number;
  height: number;
} {
  return { width: Number(row.width), height: Number(row.height) };
}

/** The last invoice number the organization gave, from its counter's row (none: 0). */
export const lastInvoiceNumberOf = (row: Pick<InvoiceNumberTable, 'last_number'> | undefined): number =>
  Number(row?.last_number ?? 0);

/** What a document version shows, from its snapshot's `model` JSON. */
export const snapshotModelOf = (row: Pick<DocumentSnapshotTable, 'model'>): DocumentModel =>
  JSON.parse(row.model) as DocumentModel;

/** A signature's outcome as its `outcome` JSON keeps it (its shape is the signing's: document-signing.ts). */
export const storedOutcomeOf = (row: Pick<DocumentSignatureTable, 'outcome'>): unknown =>
  JSON.parse(row.outcome) as unknown;
