/**
 * Finding an organization's records by id: a record of another organization is not found, the
 * same as an id that does not exist. Table names come from typed kinds; every value is a bound
 * parameter.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { idsInOrganizationCondition } from '../../db/id-lookups.js';
import type { OrganizationTable, RowOf } from './rows.js';

export async function findRow<Table extends OrganizationTable>(
  db: Db,
  kind: { type: Table },
  organizationId: string,
  id: string,
): Promise<RowOf<Table> | undefined> {
  const { rows } = await sql<RowOf<Table>>`select * from ${sql.table(kind.type)}
    where organization_id = ${organizationId} and id = ${id}`.execute(db);
  return rows[0];
}

/** Rows of one type by id, within the organization. */
export async function findRowsByIds<Table extends OrganizationTable>(
  db: Db,
  kind: { type: Table },
  organizationId: string,
  ids: readonly string[],
): Promise<Array<RowOf<Table>>> {
  if (ids.length === 0) return [];
  const { rows } = await sql<RowOf<Table>>`select * from ${sql.table(kind.type)}
    where ${idsInOrganizationCondition(db, organizationId, ids)}`.execute(db);
  return rows;
}
