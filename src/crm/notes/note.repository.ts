/** Notes' rows. Updates and deletes are conditional on the version read (If-Match, races). */
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { nextVersion } from '../records.js';
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

export async function findNote(db: Db, organizationId: string, id: string): Promise<NoteTable | undefined> {
  return db
    .selectFrom('notes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Updates only if the row is still the version the caller saw (an optimistic lock for If-Match). */
export async function updateNoteBody(
  db: Db,
  note: NoteTable,
  body: string,
  now: number,
): Promise<NoteTable | undefined> {
  const updatedAt = nextVersion(note.updated_at, now);
  const result = await db
    .updateTable('notes')
    .set({ body, updated_at: updatedAt })
    .where('id', '=', note.id)
    .where('updated_at', '=', note.updated_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ...note, body, updated_at: updatedAt } : undefined;
}

export async function deleteNote(db: Db, note: NoteTable): Promise<boolean> {
  const result = await db
    .deleteFrom('notes')
    .where('id', '=', note.id)
    .where('updated_at', '=', note.updated_at)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
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
