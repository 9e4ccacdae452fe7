/**
 * What the pages read of notes: those about one record, newest first, with their authors' names;
 * a note no person wrote by the door it came through ("Inquiry form"), and one whose author has
 * since left as by a former member.
 */
import type { Db } from '../../db/database.js';
import type { Door } from '../../policy/actor.js';
import { forBeoOf } from './note.codec.js';
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
