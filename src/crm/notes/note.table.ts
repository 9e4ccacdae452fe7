export const NOTABLE_TYPES = ['bookings', 'events', 'accounts', 'contacts'] as const;
export type NotableType = (typeof NOTABLE_TYPES)[number];

export interface NoteTable {
  id: string;
  organization_id: string;
  notable_type: NotableType;
  notable_id: string;
  /** The user who wrote it; null once that user is deleted, or when no person did. */
  author_id: string | null;
  /** The door it came through (src/identity/actor.ts): `inquiry_form` for an inquiry's message. */
  author_door: string | null;
  body: string;
  /** 1 when it prints on the banquet event orders of its booking (or of its event). */
  for_beo: number;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    notes: NoteTable;
  }
}
