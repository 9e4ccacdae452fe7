/**
 * A document's stored parts (SPEC §13): its model (what the version shows, stored when it is
 * made) and the PDFs kept for it: `sent` (what its client was shown and accepts), `signed` (that
 * with a signature page) and `issued` (an invoice as issued). Kept bytes are never rewritten;
 * their SHA-256 is the document's `sha256` (a signed proposal's: the signed PDF's). They are read
 * beneath the documents and the conversation alike (src/crm/kept-pdfs.ts).
 */
import { createHash } from 'node:crypto';
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { keptFile } from '../kept-pdfs.js';
import type { DocumentModel, PdfRequest, Watermark } from './document-model.js';
import { logoBytes } from './document-settings.js';
import { type DocumentValue, snapshotModelOf } from './document.codec.js';
import { logoFitsDocuments } from './logo.js';
import type { DocumentRow, FileRole } from './document.table.js';

export { keptFile };

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function modelOf(db: Db | Trx, document: Pick<DocumentRow, 'id'>): Promise<DocumentModel> {
  const row = await db
    .selectFrom('document_snapshots')
    .select('model')
    .where('document_id', '=', document.id)
    .executeTakeFirstOrThrow();
  return snapshotModelOf(row);
}

export async function saveModel(trx: Trx, document: DocumentRow, model: DocumentModel): Promise<void> {
  await trx
    .insertInto('document_snapshots')
    .values({
      document_id: document.id,
      organization_id: document.organization_id,
      model: JSON.stringify(model),
    })
    .execute();
}

/** Keeps a PDF of the document (once per role: a kept file is never replaced). */
export async function keepFile(
  trx: Trx,
  document: DocumentRow,
  role: FileRole,
  bytes: Uint8Array,
  now: number,
): Promise<string> {
  const sha256 = sha256Hex(bytes);
  await trx
    .insertInto('document_files')
    .values({
      document_id: document.id,
      role,
      organization_id: document.organization_id,
      sha256,
      bytes: Buffer.from(bytes),
      created_at: isoTime(now),
    })
    .execute();
  return sha256;
}

/** The PDF a document shows now: the one kept for it last, when it has one. */
export async function currentFile(db: Db | Trx, document: Pick<DocumentValue, 'id'>) {
  for (const role of ['signed', 'issued', 'sent'] as const) {
    const file = await keptFile(db, document.id, role);
    if (file) return file;
  }
  return undefined;
}

/**
 * Everything rendering the document's PDF needs: its model, its logo's bytes (none for a logo kept
 * before uploads were made ready for documents: logo.ts), how it is marked.
 */
export async function pdfRequestOf(
  db: Db | Trx,
  document: Pick<DocumentValue, 'id' | 'organizationId' | 'createdAt'>,
  options: { watermark: Watermark } & Pick<PdfRequest, 'issued' | 'signature'>,
): Promise<PdfRequest> {
  const model = await modelOf(db, document);
  const kept = model.venue.logo
    ? await logoBytes(db, document.organizationId, model.venue.logo.sha256)
    : undefined;
  const logo = kept && logoFitsDocuments(kept.bytes) ? kept : undefined;
  return {
    model,
    logo: logo ? { bytes: logo.bytes, mediaType: logo.mediaType } : null,
    watermark: options.watermark,
    issued: options.issued,
    signature: options.signature,
    createdAt: document.createdAt,
  };
}
