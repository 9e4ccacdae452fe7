/**
 * A booking's room names are read from its spaces (src/crm/spaces/space-names.ts), so a space's
 * rename changes one row: the copy kept in each booking goes. `down` writes the copies back.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('room_names').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('room_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const { rows } = await sql<{ id: string; space_ids: string }>`select id, space_ids from bookings`.execute(
    db,
  );
  const names = new Map(
    (await sql<{ id: string; name: string }>`select id, name from spaces`.execute(db)).rows.map((s) => [
      s.id,
      s.name,
    ]),
  );
  for (const booking of rows) {
    const held = (JSON.parse(booking.space_ids) as string[]).flatMap((id) => names.get(id) ?? []);
    await sql`update bookings set room_names = ${JSON.stringify(held)} where id = ${booking.id}`.execute(db);
  }
}
