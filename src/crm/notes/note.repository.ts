/** Notes' rows. Updates and deletes are conditional on the version read (If-Match, races). */
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { NotableType, NoteTable } from './note.table.js';

export interface NewNoteRow {
  organizationId: string;
  notableType: NotableType;
  notableId: string;
  authorId: string | null;
  body: string;
}

export async function insertNote(trx: Db | Trx, note: NewNoteRow, now: string): Promise<NoteTable> {
  const row: NoteTable = {
    id: newId(),
    organization_id: note.organizationId,
    notable_type: note.notableType,
    notable_id: note.notableId,
    author_id: note.authorId,
    body: note.body,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('notes').values(row).execute();
  return row;
}

export async function notableExists(
  db: Db | Trx,
  organizationId: string,
  type: NotableType,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(type)
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
