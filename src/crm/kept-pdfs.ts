/**
 * A document's kept PDFs, read (SPEC §13, §17): the bytes a version was sent, signed or issued
 * as (document_files), which the documents serve and sign and the conversation attaches to a
 * message. They are read here, beneath both, so that neither folder imports the other for them.
 */
import type { Database, Db, Trx } from '../db/database.js';

/** A kept PDF of the document, if it has one in that role. */
export async function keptFile(
  db: Db | Trx,
  documentId: string,
  role: Database['document_files']['role'],
): Promise<{ bytes: Uint8Array; sha256: string } | undefined> {
  const row = await db
    .selectFrom('document_files')
    .select(['bytes', 'sha256'])
    .where('document_id', '=', documentId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row && { bytes: new Uint8Array(row.bytes), sha256: row.sha256 };
}
