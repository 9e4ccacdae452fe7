/**
 * A note as the domain knows it, and its codec: the row of `notes` read into the value (its flag
 * as a boolean) and the value written back as its row — the one place its flag is decoded. The
 * row type never leaves this folder.
 */
import { flag } from '../data/row-mappers.js';
import type { NotableType, NoteTable } from './note.table.js';

/** A note, as the pages see it. */
export interface Note {
  id: string;
  organizationId: string;
  notableType: NotableType;
  notableId: string;
  /** The user who wrote it; null once that user is deleted, or when no person did. */
  authorId: string | null;
  /** The door it came through (src/policy/actor.ts). */
  authorDoor: string | null;
  body: string;
  /** Whether it prints on the banquet event orders of its booking (or of its event). */
  forBeo: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Whether the note is printed on the banquet event orders, from its column. */
export const forBeoOf = (note: Pick<NoteTable, 'for_beo'>): boolean => flag(note.for_beo);

export const noteCodec = {
  decode(row: NoteTable): Note {
    return {
      id: row.id,
      organizationId: row.organization_id,
      notableType: row.notable_type,
      notableId: row.notable_id,
      authorId: row.author_id,
      authorDoor: row.author_door,
      body: row.body,
      forBeo: forBeoOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
  encode(note: Note): NoteTable {
    return {
      id: note.id,
      organization_id: note.organizationId,
      notable_type: note.notableType,
      notable_id: note.notableId,
      author_id: note.authorId,
      author_door: note.authorDoor,
      body: note.body,
      for_beo: note.forBeo ? 1 : 0,
      created_at: note.createdAt,
      updated_at: note.updatedAt,
    };
  },
};
