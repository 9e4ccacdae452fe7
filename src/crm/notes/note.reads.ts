/**
 * What the pages read of notes: those about one record, newest first, with their authors' names;
 * a note no person wrote by the door it came through ("Inquiry form"), and one whose author has
 * since left as by a former member; one note as its value, with the version its form carries.
 */
import type { Db } from '../../db/database.js';
import type { Actor, Door } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { forBeoOf, type Note, noteCodec } from './note.codec.js';
import { type NoteInput, noteProblems } from './note.commands.js';
import { noteDefinition } from './note.resource.js';
import type { NotableType } from './note.table.js';

export interface NoteView {
  id: string;
  body: string;
  /** Marked to print on banquet event orders. */
  forBeo: boolean;
  authorId: string | null;
  author: string;
  createdAt: string;
  updatedAt: string;
}

/** Who wrote a note that came through a door no person acts at. */
const DOOR_AUTHORS: Partial<Record<Door, string>> = {
  inquiry_form: 'Inquiry form',
  import: 'Import',
  system: 'Marquee',
  cli: 'Command line',
  portal: 'Client portal',
};

export async function notesAbout(
  db: Db,
  organizationId: string,
  type: NotableType,
  id: string,
): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select([
      'n.id',
      'n.body',
      'n.for_beo',
      'n.author_id',
      'n.author_door',
      'n.created_at',
      'n.updated_at',
      'u.name',
      'u.email',
    ])
    .where('n.organization_id', '=', organizationId)
    .where('n.notable_type', '=', type)
    .where('n.notable_id', '=', id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    forBeo: forBeoOf(r),
    authorId: r.author_id,
    author: r.name || r.email || DOOR_AUTHORS[r.author_door as Door] || 'A former member',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** The organization's note with the version its form carries, or undefined. */
export function findNote(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, noteDefinition, noteCodec.decode, organizationId, id);
}

/** Every problem of a change of the note, writing nothing (its edit form). */
export const noteChangeProblems = (db: Db, actor: Actor, input: NoteInput, note: Note) =>
  noteProblems(db, actor, input, noteCodec.encode(note));
