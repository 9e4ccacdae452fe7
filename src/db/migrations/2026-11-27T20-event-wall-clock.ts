/**
 * Events as Event Temple describes them (SPEC §15): each event keeps its wall-clock times in its
 * booking's time zone beside its instants — `start_date`, `end_date` (YYYY-MM-DD), `start_time`,
 * `end_time` (HH:MM; none for an all-day event, whose end_date is its last day) and `all_day` —
 * so the date filters compare columns, and `event_type_id` names one of the organization's
 * `event_types` (a list of values such as "Wedding"). The types are made from the event types
 * bookings already name (the same value in any case is one type), and each existing event takes
 * its booking's type and its wall-clock times in its booking's zone.
 */
import { type Kysely, sql } from 'kysely';
import { wallClockOf } from '../../wall-clock.js';
import { timestampType } from '../column-types.js';
import { newId } from '../ids.js';
import { addOrganizationScope } from './change-notify-triggers.js';

const BATCH = 1000;

interface EventRow {
  id: string;
  organization_id: string;
  start_at: string | Date;
  end_at: string | Date;
  timezone: string;
  event_type: string | null;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('event_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  for (const column of ['created_at', 'value']) {
    await db.schema
      .createIndex(`event_types_org_${column}_idx`)
      .on('event_types')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  await db.schema
    .createIndex('event_types_org_updated_at_idx')
    .on('event_types')
    .columns(['organization_id', 'updated_at', 'id'])
    .execute();
  await addOrganizationScope(db, 'event_types');

  await db.schema
    .alterTable('events')
    .addColumn('start_date', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('end_date', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('events').addColumn('start_time', 'text').execute();
  await db.schema.alterTable('events').addColumn('end_time', 'text').execute();
  await db.schema
    .alterTable('events')
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('event_type_id', 'text', (c) => c.references('event_types.id'))
    .execute();
  await db.schema
    .createIndex('events_org_start_date_idx')
    .on('events')
    .columns(['organization_id', 'start_date', 'id'])
    .execute();

  // The event types bookings name, one per value whatever its case, by organization: as the
  // earliest booking naming it wrote it.
  const named = await sql<{ organization_id: string; event_type: string; created_at: string | Date }>`
    select organization_id, trim(event_type) as event_type, created_at from bookings
    where event_type is not null and trim(event_type) <> ''
    order by created_at, id`.execute(db);
  const types = new Map<string, string>();
  for (const row of named.rows) {
    const key = `${row.organization_id}\u0000${row.event_type.toLowerCase()}`;
    if (types.has(key)) continue;
    const at = iso(row.created_at);
    const id = newId(Date.parse(at));
    types.set(key, id);
    await sql`insert into event_types (id, organization_id, value, created_at, updated_at)
      values (${id}, ${row.organization_id}, ${row.event_type}, ${at}, ${at})`.execute(db);
  }

  // Each event's wall-clock times in its booking's zone, and its booking's type.
  let after = '';
  for (;;) {
    const batch = await sql<EventRow>`
      select e.id, e.organization_id, e.start_at, e.end_at, b.timezone, b.event_type
      from events e join bookings b on b.id = e.booking_id
      where e.id > ${after} order by e.id limit ${BATCH}`.execute(db);
    for (const row of batch.rows) {
      const wall = wallClockOf(
        { start_at: iso(row.start_at), end_at: iso(row.end_at), all_day: 0 },
        row.timezone,
      );
      const type = row.event_type?.trim()
        ? (types.get(`${row.organization_id}\u0000${row.event_type.trim().toLowerCase()}`) ?? null)
        : null;
      await sql`update events set start_date = ${wall.start_date}, end_date = ${wall.end_date},
        start_time = ${wall.start_time}, end_time = ${wall.end_time}, event_type_id = ${type}
        where id = ${row.id}`.execute(db);
    }
    if (batch.rows.length < BATCH) break;
    after = batch.rows[batch.rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_org_start_date_idx').execute();
  for (const column of ['event_type_id', 'all_day', 'end_time', 'start_time', 'end_date', 'start_date']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
  await db.schema.dropTable('event_types').execute();
}
