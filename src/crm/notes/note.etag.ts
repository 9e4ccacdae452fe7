import { etagOf } from '../../api/etag.js';
import type { NoteTable } from './note.table.js';

/** The ETag of a note on its own, as GET /notes/{id} without include sends it. */
export function noteEtag(note: Pick<NoteTable, 'id' | 'updated_at'>): string {
  return etagOf([{ type: 'notes', id: note.id, updatedAt: note.updated_at }]);
}
