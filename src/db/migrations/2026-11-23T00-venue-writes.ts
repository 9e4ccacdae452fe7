/**
 * Writing venue data (SPEC §7): spaces (the rooms of a venue), which spaces each booking holds,
 * the per-organization counter behind booking references, and the indexes of `filter[search]`.
 * Existing bookings keep their rooms: each distinct room name becomes a space of its organization.
 */
import { type Kysely, sql } from 'kysely';
import { timestampType } from '../column-types.js';
import { newId } from '../ids.js';
import { createSearchIndexes, dropSearchIndexes } from '../search-index.js';
import { addChangeNotifications, dropChangeNotifications } from './change-notify-triggers.js';

const NEW_TABLES = ['spaces', 'booking_spaces', 'booking_references'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('spaces_org_name_key', ['organization_id', 'name'])
    .execute();
  for (const column of ['created_at', 'updated_at', 'name']) {
    await db.schema
      .createIndex(`spaces_org_${column}_idx`)
      .on('spaces')
      .columns(['organization_id', column, 'id'])
      .execute();
  }

  await db.schema
    .createTable('booking_spaces')
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id'))
    .addPrimaryKeyConstraint('booking_spaces_pk', ['booking_id', 'space_id'])
    .execute();
  await db.schema
    .createIndex('booking_spaces_space_idx')
    .on('booking_spaces')
    .columns(['space_id', 'booking_id'])
    .execute();

  await db.schema
    .createTable('booking_references')
    .addColumn('organization_id', 'text', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('space_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // The conflict check looks for definite bookings of one organization around a time.
  await db.schema
    .createIndex('bookings_org_status_start_idx')
    .on('bookings')
    .columns(['organization_id', 'status', 'start_at'])
    .execute();

  await spacesFromRoomNames(db);
  await sql`insert into booking_references (organization_id, last_number)
    select organization_id, max(cast(substr(reference, 4) as integer)) from bookings
    where reference like 'BK-%' group by organization_id`.execute(db);

  await createSearchIndexes(db);
  await addChangeNotifications(db, NEW_TABLES);
}

/** Each organization's distinct room names become its spaces; bookings hold the ones they named. */
async function spacesFromRoomNames(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    id: string;
    organization_id: string;
    room_names: string;
    created_at: string;
  }>`select id, organization_id, room_names, created_at from bookings order by created_at, id`.execute(db);
  const spaces = new Map<string, string>();
  for (const booking of rows) {
    const names = [...new Set(JSON.parse(booking.room_names) as string[])];
    const ids: string[] = [];
    for (const name of names) {
      const key = `${booking.organization_id}\n${name}`;
      let spaceId = spaces.get(key);
      if (!spaceId) {
        spaceId = newId();
        spaces.set(key, spaceId);
        const at = new Date(booking.created_at).toISOString();
        await sql`insert into spaces (id, organization_id, name, capacity, created_at, updated_at)
          values (${spaceId}, ${booking.organization_id}, ${name}, null, ${at}, ${at})`.execute(db);
      }
      ids.push(spaceId);
      await sql`insert into booking_spaces (booking_id, space_id) values (${booking.id}, ${spaceId})`.execute(
        db,
      );
    }
    await sql`update bookings set space_ids = ${JSON.stringify(ids)} where id = ${booking.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeNotifications(db, NEW_TABLES);
  await dropSearchIndexes(db);
  await db.schema.dropIndex('bookings_org_status_start_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('space_ids').execute();
  for (const table of ['booking_references', 'booking_spaces', 'spaces']) {
    await db.schema.dropTable(table).execute();
  }
}
