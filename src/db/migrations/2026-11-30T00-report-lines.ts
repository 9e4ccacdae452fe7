/**
 * `report_lines`: each line of a definite or closed booking as revenue_by_space counts it (SPEC
 * §14), kept by the database itself. Read at report time, a line's instant, month bucket and
 * spaces came from joining ~150,000 lines to their bookings and events and computing the bucket
 * and the space count per row, then sorting the groups: 360-400 ms of SQL on SQLite over the
 * bench's 100,000 bookings, more on PostgreSQL. Here each line is a narrow row, in an index by
 * organization and instant that holds every column the report reads.
 *
 * Its only writer is a set of triggers, so every path that writes lines, events or bookings keeps
 * it (the API, the pages, imports, seeds, and the database's own cascades): a line's row is made
 * again whenever the line, its event's start or spaces, or its booking's status, currency, start
 * or spaces change, and goes with the line (its foreign key cascades). SQLite runs a row trigger
 * per changed row; PostgreSQL a statement trigger over the changed rows (transition tables), so
 * a bulk insert costs one statement more, not one per row.
 *
 * The lines' index that the report read through until now (2026-11-29T21,
 * line_items_booking_report_idx) has no reader left and goes.
 */
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { isSqlite, timestampType } from '../column-types.js';
import { jsonArrayLength, monthBucket } from '../report-sql.js';

const COUNTED = sql.raw(`('definite', 'closed')`);

/** The rows of the lines that `where` picks (in terms of l, b, e), as report_lines holds them. */
function linesAsCounted(db: Kysely<unknown>, where: RawBuilder<unknown>) {
  const at = sql`coalesce(e.start_at, b.start_at)`;
  const held = sql`coalesce(e.space_ids, b.space_ids)`;
  const count: Expression<number> = jsonArrayLength(db, held);
  return sql`select l.id, b.organization_id, ${at}, ${monthBucket(db, at)}, b.currency, ${held},
      case when ${count} = 0 then 0 else ((l.amount % ${count}) + ${count}) % ${count} end, l.amount
    from line_items l join bookings b on b.id = l.booking_id left join events e on e.id = l.event_id
    where b.status in ${COUNTED} and ${where}`;
}

const COLUMNS = sql.raw('(line_id, organization_id, at, bucket, currency, held, remainder, amount)');

/** Make again the rows of the lines that `where` picks (in terms of l). */
const refresh = (db: Kysely<unknown>, where: RawBuilder<unknown>) => sql`
  delete from report_lines where line_id in (select l.id from line_items l where ${where});
  insert into report_lines ${COLUMNS} ${linesAsCounted(db, where)};`;

/** What makes a line's row again, per table: the columns the row follows, and the lines it picks. */
const SOURCES = [
  { table: 'line_items', columns: ['amount', 'event_id', 'booking_id'], lines: 'l.id' },
  { table: 'events', columns: ['start_at', 'space_ids'], lines: 'l.event_id' },
  { table: 'bookings', columns: ['status', 'currency', 'start_at', 'space_ids'], lines: 'l.booking_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_lines')
    .addColumn('line_id', 'text', (c) => c.primaryKey().references('line_items.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('at', timestampType(db), (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('held', 'text', (c) => c.notNull())
    .addColumn('remainder', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_lines_org_at_idx')
    .on('report_lines')
    .columns(['organization_id', 'at', 'bucket', 'currency', 'held', 'remainder', 'amount'])
    .execute();
  if (isSqlite(db)) await sqliteTriggers(db);
  else await postgresTriggers(db);
  await sql`insert into report_lines ${COLUMNS} ${linesAsCounted(db, sql`1 = 1`)}`.execute(db);
  await db.schema.dropIndex('line_items_booking_report_idx').execute();
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger report_lines_line_insert after insert on line_items for each row begin
      ${refresh(db, sql`l.id = new.id`)}
    end`.execute(db);
  for (const { table, columns, lines } of SOURCES) {
    const changed = sql.raw(columns.map((c) => `old.${c} is not new.${c}`).join(' or '));
    await sql`create trigger ${sql.id(`report_lines_${table}_update`)}
      after update of ${sql.raw(columns.join(', '))} on ${sql.table(table)} for each row when ${changed} begin
        ${refresh(db, sql`${sql.raw(lines)} = new.id`)}
      end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function marquee_report_lines_inserted() returns trigger language plpgsql as $$
    begin
      ${refresh(db, sql`l.id in (select id from new_rows)`)}
      return null;
    end
  $$`.execute(db);
  await sql`create trigger report_lines_line_insert after insert on line_items
    referencing new table as new_rows for each statement
    execute function marquee_report_lines_inserted()`.execute(db);
  for (const { table, columns, lines } of SOURCES) {
    const changed = sql.raw(columns.map((c) => `o.${c} is distinct from n.${c}`).join(' or '));
    const picked = sql`${sql.raw(lines)} in (select n.id from new_rows n join old_rows o on o.id = n.id where ${changed})`;
    await sql`create function ${sql.id(`marquee_report_lines_${table}_updated`)}() returns trigger language plpgsql as $$
      begin
        ${refresh(db, picked)}
        return null;
      end
    $$`.execute(db);
    await sql`create trigger ${sql.id(`report_lines_${table}_update`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows for each statement
      execute function ${sql.id(`marquee_report_lines_${table}_updated`)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers = [
    'report_lines_line_insert',
    ...SOURCES.map(({ table }) => `report_lines_${table}_update`),
  ];
  const tables = ['line_items', ...SOURCES.map(({ table }) => table)];
  for (const [i, trigger] of triggers.entries()) {
    if (isSqlite(db)) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    else await sql`drop trigger ${sql.id(trigger)} on ${sql.table(tables[i]!)}`.execute(db);
  }
  if (!isSqlite(db)) {
    await sql`drop function marquee_report_lines_inserted()`.execute(db);
    for (const { table } of SOURCES)
      await sql`drop function ${sql.id(`marquee_report_lines_${table}_updated`)}()`.execute(db);
  }
  await db.schema.dropTable('report_lines').execute();
  await db.schema
    .createIndex('line_items_booking_report_idx')
    .on('line_items')
    .columns(['booking_id', 'event_id', 'amount'])
    .execute();
}
