/**
 * The reports (src/crm/reports) count and sum an organization's bookings by the month of their
 * first event (pipeline) or of their creation (conversion), and its definite and closed bookings'
 * lines by space (revenue_by_space), in windows of time on SQLite. With every column they read
 * in these indexes the database reads the indexes alone, in the order of the window's instants,
 * and never the tables' rows.
 */
import type { Kysely } from 'kysely';

const SUMS = ['status', 'currency', 'line_count', 'grand_total', 'total_amount', 'lost_reason'];

const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['bookings_org_start_report_idx', 'bookings', ['organization_id', 'start_at', ...SUMS]],
  ['bookings_org_created_report_idx', 'bookings', ['organization_id', 'created_at', ...SUMS]],
  ['line_items_booking_report_idx', 'line_items', ['booking_id', 'event_id', 'amount']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
