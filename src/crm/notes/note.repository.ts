import type { Db } from '../../db/database.js';
import { newId, nowIso } from '../../db/ids.js';
import type { NotableType, NoteTable } from './note.table.js';

export async function insertNote(
  db: Db,
  note: {
    organizationId: string;
    notableType: NotableType;
    notableId: string;
    authorId: string;
    body: string;
  },
): Promise<NoteTable> {
  const now = nowIso();
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
  await db.insertInto('notes').values(row).execute();
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
export async function updateNoteBody(db: Db, note: NoteTable, body: string): Promise<NoteTable | undefined> {
  let now = nowIso();
  // updated_at versions the note (ETag); it must move even within one millisecond.
  if (now <= note.updated_at) now = nowIso(Date.parse(note.updated_at) + 1);
  const result = await db
    .updateTable('notes')
    .set({ body, updated_at: now })
    .where('id', '=', note.id)
    .where('updated_at', '=', note.updated_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ...note, body, updated_at: now } : undefined;
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
  db: Db,
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
