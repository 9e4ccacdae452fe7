/**
 * Rows of an organization by id, read by primary key on both databases. Without statistics
 * (Marquee never runs ANALYZE; see docs/operations.md) SQLite prices an `in` list of more than
 * two ids above walking an index that begins with organization_id, and so would read every row
 * of the organization to find a page's 25 (450 ms in an organization of 1,000,000 bookings). The
 * unary plus keeps organization_id out of SQLite's choice of index; the condition still holds.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isSqlite } from './column-types.js';
import type { Db, Trx } from './database.js';

export function idsInOrganizationCondition(
  db: Db | Trx,
  organizationId: string,
  ids: readonly string[],
): RawBuilder<SqlBool> {
  const organization = isSqlite(db) ? sql`+organization_id` : sql`organization_id`;
  return sql<SqlBool>`${organization} = ${organizationId} and id in (${sql.join([...ids])})`;
}
