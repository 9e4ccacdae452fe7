import type { Selectable } from 'kysely';

export const DOCUMENT_KINDS = ['proposal', 'beo', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['draft', 'sent', 'signed', 'issued', 'void'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * One version of a booking's proposal, BEO (of one of its events) or invoice (SPEC §13). What it
 * shows is its snapshot (document_snapshots), made when the version was; its PDF is kept as
 * bytes from the moment it is sent, signed or issued (document_files).
 */
export interface DocumentTable {
  id: string;
  organization_id: string;
  booking_id: string;
  /** A BEO's event; null for proposals and invoices (and for a BEO whose event was deleted since). */
  event_id: string | null;
  kind: DocumentKind;
  /** 1, 2, … per booking and kind. */
  version: number;
  status: DocumentStatus;
  /** An invoice's number (INV-00001), given when it is issued and never again. */
  number: string | null;
  /** 1 when a BEO prints prices. */
  show_prices: number;
  /** SHA-256 (hex) of the PDF kept for it; null while it is a draft (its PDF is made on each download). */
  sha256: string | null;
  sent_at: string | null;
  signed_at: string | null;
  issued_at: string | null;
  voided_at: string | null;
  /** When a newer version of this sent proposal was sent, withdrawing it (it accepts nothing since). */
  replaced_at: string | null;
  /** A signed proposal's JSON SignedState (signed-state.ts): what the client agreed to, part by part. */
  signed_state: string | null;
  created_at: string;
  updated_at: string;
}

/** What a document version shows, as the plain data both renderers read (document-model.ts). */
export interface DocumentSnapshotTable {
  document_id: string;
  organization_id: string;
  /** JSON of a DocumentModel. */
  model: string;
}

/** `sent`: the PDF the client was sent (and signs); `signed`: it with a signature page; `issued`: an invoice. */
export const FILE_ROLES = ['sent', 'signed', 'issued'] as const;
export type FileRole = (typeof FILE_ROLES)[number];

export interface DocumentFileTable {
  document_id: string;
  role: FileRole;
  organization_id: string;
  sha256: string;
  bytes: Uint8Array;
  created_at: string;
}

/** A client's acceptance of a proposal through its link (SPEC §13). */
export interface DocumentSignatureTable {
  id: string;
  organization_id: string;
  document_id: string;
  /** The full name the client typed. */
  name: string;
  signed_at: string;
  /** The client's address, as the server saw it (TRUST_PROXY decides whose X-Forwarded-For counts). */
  address: string;
  user_agent: string;
  /** SHA-256 (hex) of the PDF the client was shown: the one sent. */
  seen_sha256: string;
  /** JSON of a SigningOutcome: whether the booking turned definite, and why not. */
  outcome: string;
}

/** A client's link to one document (`/p/<token>`), found by the SHA-256 of its token. */
export interface DocumentLinkTable {
  id: string;
  organization_id: string;
  document_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** The last invoice number an organization gave (INV-00001, … never reused). */
export interface InvoiceNumberTable {
  organization_id: string;
  last_number: number;
}

/** What every document of the organization shows of the venue beside its name. */
export interface DocumentSettingsTable {
  organization_id: string;
  /** The venue's postal address, one line each. */
  venue_address: string;
  /** The logo (document_logos) new documents show; null for none. */
  logo_sha256: string | null;
  updated_at: string;
}

/** An organization's templates of one kind of document (Liquid, rendered in document-templates.ts). */
export interface DocumentTemplateTable {
  organization_id: string;
  kind: DocumentKind;
  header: string;
  footer: string;
  terms: string;
  updated_at: string;
}

export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

export interface DocumentLogoTable {
  organization_id: string;
  sha256: string;
  media_type: LogoMediaType;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: string;
}

export type DocumentRow = Selectable<DocumentTable>;
export type DocumentSignature = Selectable<DocumentSignatureTable>;
export type DocumentLink = Selectable<DocumentLinkTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    documents: DocumentTable;
    document_snapshots: DocumentSnapshotTable;
    document_files: DocumentFileTable;
    document_signatures: DocumentSignatureTable;
    document_links: DocumentLinkTable;
    invoice_numbers: InvoiceNumberTable;
    document_settings: DocumentSettingsTable;
    document_templates: DocumentTemplateTable;
    document_logos: DocumentLogoTable;
  }
}
