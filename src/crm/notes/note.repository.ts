/**
 * Notes' rows. Updates and deletes are conditional on the version read (If-Match, races). The
 * insert is on every `POST /notes`: compiled once.
 */
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { precompiledStatement } from '../../db/precompiled.js';
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
    id: newId(Date.parse(now)),
    organization_id: note.organizationId,
    notable_type: note.notableType,
    notable_id: note.notableId,
    author_id: note.authorId,
    body: note.body,
    created_at: now,
    updated_at: now,
  };
  await insertNoteRow(trx, row);
  return row;
}

/** A note's row as the compiled insert's named values. */
type NoteValues = { [Column in keyof NoteTable]: NoteTable[Column] };

const insertNoteRow = precompiledStatement((db, row: NoteValues) =>
  db.insertInto('notes').values({
    id: row.id,
    organization_id: row.organization_id,
    notable_type: row.notable_type,
    notable_id: row.notable_id,
    author_id: row.author_id,
    body: row.body,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
);
