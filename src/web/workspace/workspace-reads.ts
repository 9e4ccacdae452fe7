/** A record a page is about, or the 404 page; the version its forms carry. */
import {
  type OrganizationTable,
  readContextOf,
  type ResourceDefinition,
  type RowOf,
} from '../../api/resource-definition.js';
import { findRecord } from '../../crm/records.js';
import { recordTag } from '../../crm/version-tag.js';
import type { Db } from '../../db/database.js';
import { notFound } from './workspace-visitor.js';

/** The organization's record, or the 404 page (another organization's id looks the same as none). */
export async function recordOf<Table extends OrganizationTable>(
  db: Db,
  definition: ResourceDefinition<Table>,
  organizationId: string,
  id: string,
): Promise<RowOf<Table>> {
  const row = await findRecord(db, definition, organizationId, id);
  if (!row) throw notFound();
  return row;
}

/** The version a form carries, compared by the command (as If-Match) so a stale save is refused. */
export async function versionOf<Table extends OrganizationTable>(
  db: Db,
  definition: ResourceDefinition<Table>,
  row: RowOf<Table>,
): Promise<string> {
  return recordTag(definition, row, await readContextOf(db, definition, row.organization_id));
}
