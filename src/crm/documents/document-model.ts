/**
 * What a document shows, as plain data (SPEC §13): the one model a PDF (pdf/pdf-definition.ts)
 * and an HTML page (src/web/document-html.ts) are both drawn from, so the PDF a client downloads,
 * the portal page they sign on and the workspace's preview cannot disagree. Every figure and
 * date is already words ("£1,250.00", "Saturday 12 June 2027"): a renderer lays out, it never
 * computes or formats. A version's model is stored when the version is made and never changes.
 */
import type { DocumentKind } from './document.table.js';

/** A paragraph of template text; `heading` for a line that began with "## ". */
export interface Paragraph {
  text: string;
  heading?: boolean;
}

export interface Fact {
  label: string;
  value: string;
}

export type Align = 'left' | 'right';

export interface TableColumn {
  label: string;
  align: Align;
  /** A share of the width (the widest column takes the rest). */
  width: 'fill' | 'auto';
}

export interface TableRow {
  cells: string[];
  /** A smaller line under the first cell (a line's description). */
  detail?: string;
}

export interface TableGroup {
  /** A group's heading row (a category: "Food"). */
  heading?: string;
  rows: TableRow[];
}

export interface TotalRow {
  label: string;
  value: string;
  /** `grand` for the total and the balance; `part` for what is contained in a figure above. */
  emphasis?: 'grand' | 'part';
}

/** One piece of a section, drawn the same way by both renderers. */
export type Block =
  | { type: 'facts'; facts: Fact[] }
  | { type: 'table'; caption?: string; columns: TableColumn[]; groups: TableGroup[]; foot?: TotalRow }
  | { type: 'totals'; rows: TotalRow[]; notes: string[] }
  | { type: 'paragraphs'; paragraphs: Paragraph[] }
  | { type: 'notes'; notes: Array<{ about: string; text: string }> };

export interface Section {
  heading: string;
  /** A line under the heading (an event's day and times). */
  subheading?: string;
  blocks: Block[];
}

/** The logo a document shows: found by its SHA-256 among the organization's logos. */
export interface LogoReference {
  sha256: string;
  width: number;
  height: number;
}

export interface DocumentModel {
  kind: DocumentKind;
  /** "Proposal", "Banquet event order", "Invoice". */
  title: string;
  /** The booking's name (and, for a BEO, its event's). */
  subtitle: string;
  venue: { name: string; address: string[]; logo: LogoReference | null };
  /** Top right: reference, version, date, and an invoice's number once issued. */
  meta: Fact[];
  /** Who it is for: "Prepared for" and the client's lines. */
  recipient: { heading: string; lines: string[] };
  /** The header template, rendered. */
  introduction: Paragraph[];
  sections: Section[];
  /** The terms template, rendered (under "Terms" for a proposal, "Payment" for an invoice). */
  terms: { heading: string; paragraphs: Paragraph[] } | null;
  /** The footer template, rendered: one line on every page. */
  footer: string;
  /** The document's name for a file and a browser tab: "Proposal BK-00042 v2". */
  name: string;
  /** US Letter for a venue in the Americas, A4 elsewhere. */
  pageSize: 'A4' | 'LETTER';
}

/** What the PDF of an issued invoice adds to its model: its number and day. */
export interface IssuedStamp {
  /** An invoice's number; null for a BEO, which is issued without one. */
  number: string | null;
  /** "Monday 1 March 2027". */
  issuedOn: string;
}

/** What a signature page says (SPEC §13): who accepted which PDF, when, from where. */
export interface SignaturePage {
  name: string;
  /** "Monday 1 March 2027, 14:05 (Europe/London); 2027-03-01T14:05:09Z". */
  signedAt: string;
  address: string;
  userAgent: string;
  /** SHA-256 of the PDF the client was shown. */
  seenSha256: string;
  /** "Proposal BK-00042 v2 for Mensah wedding". */
  documentName: string;
  venue: string;
}

/** How a PDF is marked across its pages. */
export type Watermark = 'Draft' | 'Void' | null;

/** Everything a PDF render needs, sent to the rendering thread. */
export interface PdfRequest {
  model: DocumentModel;
  /** The logo's bytes, when the model shows one. */
  logo: { bytes: Uint8Array; mediaType: string } | null;
  watermark: Watermark;
  issued?: IssuedStamp | undefined;
  signature?: SignaturePage | undefined;
  /** When it was made (the PDF's CreationDate), so one request always gives the same bytes. */
  createdAt: string;
}
