/**
 * Events inside bookings (SPEC §11): a booking is the deal, its events (functions) hold spaces at
 * times of their own, with setup and teardown. Spaces may be shared, combined of parts, and have
 * a capacity per setup style.
 * - `events`: a booking's functions; `status` is its booking's, kept with it for filters and
 *   the double-booking check.
 * - `event_spaces`: which spaces each event names, with what the double-booking check and the
 *   availability read need beside it (the booking, its status, the time the event occupies its
 *   spaces with setup and teardown), so neither joins to find them.
 * - `space_parts`: the parts of a combined space (kept as `part_ids` with the space too, as a
 *   booking keeps its spaces); spaces gain `shareable` and `capacities`.
 * - `booking_references` gains `longest_hold_minutes`, the longest any event of the organization
 *   occupies its spaces: reads of who holds a space at a time look back that far, no further.
 * Every existing booking becomes a booking with one event (its id, its times, guests, spaces and
 * status; named after its event type, else "Main event"): nothing is lost.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_at', ts, (c) => c.notNull())
    .addColumn('end_at', ts, (c) => c.notNull())
    .addColumn('setup_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('teardown_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guest_count', 'integer')
    .addColumn('guaranteed_count', 'integer')
    .addColumn('setup_style', 'text')
    .addColumn('space_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // Pages by each sortable column read each row's version from the index alone (2026-11-23T21).
  for (const column of ['created_at', 'start_at', 'end_at', 'status']) {
    await db.schema
      .createIndex(`events_org_${column}_idx`)
      .on('events')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await db.schema
    .createIndex('events_org_updated_at_idx')
    .on('events')
    .columns(['organization_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('events_booking_idx')
    .on('events')
    .columns(['booking_id', 'start_at'])
    .execute();

  await db.schema
    .createTable('event_spaces')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('occupied_from', ts, (c) => c.notNull())
    .addColumn('occupied_until', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('event_spaces_pk', ['event_id', 'space_id'])
    .execute();
  // Who holds a space around a time (the double-booking check), and everything held around a
  // time in an organization (availability): both read from a start bounded by the longest hold.
  await db.schema
    .createIndex('event_spaces_space_idx')
    .on('event_spaces')
    .columns(['space_id', 'occupied_from'])
    .execute();
  await db.schema
    .createIndex('event_spaces_org_idx')
    .on('event_spaces')
    .columns(['organization_id', 'occupied_from'])
    .execute();
  await db.schema
    .createIndex('event_spaces_booking_idx')
    .on('event_spaces')
    .columns(['booking_id'])
    .execute();

  await db.schema
    .createTable('space_parts')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('part_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('space_parts_pk', ['space_id', 'part_id'])
    .execute();
  await db.schema.createIndex('space_parts_part_idx').on('space_parts').columns(['part_id']).execute();
  await db.schema
    .alterTable('spaces')
    .addColumn('shareable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('spaces')
    .addColumn('capacities', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('spaces')
    .addColumn('part_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('booking_references')
    .addColumn('longest_hold_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Each booking, its one event.
  await sql`insert into events (id, organization_id, booking_id, name, status, start_at, end_at,
      setup_minutes, teardown_minutes, guest_count, guaranteed_count, setup_style, space_ids, created_at, updated_at)
    select id, organization_id, id, coalesce(nullif(trim(event_type), ''), 'Main event'), status, start_at, end_at,
      0, 0, guest_count, null, null, space_ids, created_at, updated_at
    from bookings`.execute(db);
  await sql`insert into event_spaces (event_id, space_id, organization_id, booking_id, status, occupied_from, occupied_until)
    select b.id, bs.space_id, b.organization_id, b.id, b.status, b.start_at, b.end_at
    from booking_spaces bs join bookings b on b.id = bs.booking_id`.execute(db);
  const minutes = isSqlite(db)
    ? sql`cast(max((julianday(end_at) - julianday(start_at)) * 1440) as integer) + 1`
    : sql`cast(ceil(max(extract(epoch from (end_at - start_at)) / 60)) as integer)`;
  await sql`insert into booking_references (organization_id, last_number)
    select o.id, 0 from organizations o
    where not exists (select 1 from booking_references r where r.organization_id = o.id)`.execute(db);
  await sql`update booking_references set longest_hold_minutes = coalesce(
      (select ${minutes} from events e where e.organization_id = booking_references.organization_id), 0)`.execute(
    db,
  );

  await addOrganizationScope(db, 'events');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_references').dropColumn('longest_hold_minutes').execute();
  await db.schema.alterTable('spaces').dropColumn('part_ids').execute();
  await db.schema.alterTable('spaces').dropColumn('capacities').execute();
  await db.schema.alterTable('spaces').dropColumn('shareable').execute();
  await db.schema.dropTable('space_parts').execute();
  await db.schema.dropTable('event_spaces').execute();
  await db.schema.dropTable('events').execute();
}
