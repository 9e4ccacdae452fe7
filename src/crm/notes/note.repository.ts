/**
 * Notes' rows. Updates and deletes are conditional on the version read (If-Match, races). The
 * insert is on every `POST /notes`: compiled once.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { precompiledStatement } from '../../db/precompiled.js';
import type { NotableType, NoteTable } from './note.table.js';

export interface NewNoteRow {
  organizationId: string;
  notableType: NotableType;
  notableId: string;
  authorId: string | null;
  /** The door it came through, which names a note no person wrote. */
  authorDoor: string;
  body: string;
  /** Whether it prints on the booking's (or its event's) banquet event orders. */
  forBeo: boolean;
}

export async function insertNote(trx: Db | Trx, note: NewNoteRow, now: string): Promise<NoteTable> {
  const row: NoteTable = {
    id: newId(Date.parse(now)),
    organization_id: note.organizationId,
    notable_type: note.notableType,
    notable_id: note.notableId,
    author_id: note.authorId,
    author_door: note.authorDoor,
    body: note.body,
    for_beo: note.forBeo ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  const { for_beo: forBeo, ...values } = row;
  await insertNoteRows[forBeo]!(trx, values);
  return row;
}

/** A note's row as the compiled insert's named values (its flag is the statement's own). */
type NoteValues = { [Column in Exclude<keyof NoteTable, 'for_beo'>]: NoteTable[Column] };

const insertNoteRow = (forBeo: number) =>
  precompiledStatement((db, row: NoteValues) =>
    db.insertInto('notes').values({
      id: row.id,
      organization_id: row.organization_id,
      notable_type: row.notable_type,
      notable_id: row.notable_id,
      author_id: row.author_id,
      author_door: row.author_door,
      body: row.body,
      for_beo: sql.lit(forBeo),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }),
  );

/** The insert of a note with the flag 0, and of one with 1. */
const insertNoteRows = [0, 1].map((forBeo) => insertNoteRow(forBeo));
