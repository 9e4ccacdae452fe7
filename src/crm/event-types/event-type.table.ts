import type { Selectable } from 'kysely';

/** A kind of event the venue holds (SPEC §15): "Wedding", "Conference"; events name one. */
export interface EventTypeTable {
  id: string;
  organization_id: string;
  value: string;
  created_at: string;
  updated_at: string;
}

export type EventType = Selectable<EventTypeTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    event_types: EventTypeTable;
  }
}
