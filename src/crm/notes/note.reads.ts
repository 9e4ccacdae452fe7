/**
 * What the pages read of notes: those about one record, newest first, with their authors' names
 * (a booking's with its events' notes, each naming its event);
 * a note no person wrote by the door it came through ("Inquiry form"), and one whose author has
 * since left as by a former member; one note as its value, with the version its form carries.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Db } from '../../db/database.js';
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
  /** The event of the booking it is about, when it is about one of them (bookingNotes). */
  eventId?: string;
}

/** Who wrote a note that came through a door no person acts at. */
const DOOR_AUTHORS: Partial<Record<Door, string>> = {
  inquiry_form: 'Inquiry form',
  import: 'Import',
  system: 'Marquee',
  cli: 'Command line',
  portal: 'Client portal',
};

export function notesAbout(
  db: Db,
  organizationId: string,
  type: NotableType,
  id: string,
): Promise<NoteView[]> {
  return notesWhere(db, organizationId, (eb) =>
    eb.and([eb('n.notable_type', '=', type), eb('n.notable_id', '=', id)]),
  );
}

/** A booking's notes and its events' (those print on its BEOs too), newest first. */
export function bookingNotes(db: Db, organizationId: string, bookingId: string): Promise<NoteView[]> {
  return notesWhere(db, organizationId, (eb) =>
    eb.or([
      eb.and([eb('n.notable_type', '=', 'bookings'), eb('n.notable_id', '=', bookingId)]),
      eb.and([
        eb('n.notable_type', '=', 'events'),
        eb(
          'n.notable_id',
          'in',
          eb
            .selectFrom('events')
            .select('events.id')
            .where('events.organization_id', '=', organizationId)
            .where('events.booking_id', '=', bookingId),
        ),
      ]),
    ]),
  );
}

async function notesWhere(
  db: Db,
  organizationId: string,
  about: (eb: ExpressionBuilder<Database & { n: Database['notes'] }, 'n'>) => Expression<SqlBool>,
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
      'n.notable_type',
      'n.notable_id',
      'n.created_at',
      'n.updated_at',
      'u.name',
      'u.email',
    ])
    .where('n.organization_id', '=', organizationId)
    .where(about)
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
    ...(r.notable_type === 'events' ? { eventId: r.notable_id } : {}),
  }));
}

/** The organization's note with the version its form carries, or undefined. */
export function findNote(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, noteDefinition, noteCodec.decode, organizationId, id);
}

/** Every problem of a change of the note, writing nothing (its edit form). */
export const noteChangeProblems = (db: Db, actor: Actor, input: NoteInput, note: Note) =>
  noteProblems(db, actor, input, noteCodec.encode(note));
