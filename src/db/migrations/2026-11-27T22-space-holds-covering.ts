/**
 * The double-booking check reads a space's holds around a time from event_spaces_space_idx
 * (space_id, occupied_from), then each candidate's row for its end, status and booking: most
 * candidates are options or other times, never joined. The index now carries those columns
 * too, so the candidates are judged from the index alone and only a clash reads its rows.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index event_spaces_space_idx`.execute(db);
  await sql`create index event_spaces_space_idx on event_spaces
    (space_id, occupied_from, occupied_until, status, booking_id, event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index event_spaces_space_idx`.execute(db);
  await sql`create index event_spaces_space_idx on event_spaces (space_id, occupied_from)`.execute(db);
}
