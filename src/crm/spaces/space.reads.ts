/** What the pages read of spaces: the organization's, by name. */
import type { Db } from '../../db/database.js';
import type { SpaceTable } from './space.table.js';

export async function listSpaces(db: Db, organizationId: string): Promise<SpaceTable[]> {
  return db
    .selectFrom('spaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The spaces a form offers: those not archived, and any the record holds already. */
export function offeredSpaces<Space extends Pick<SpaceTable, 'id' | 'archived_at'>>(
  spaces: readonly Space[],
  held: readonly string[],
): Space[] {
  return spaces.filter((s) => s.archived_at === null || held.includes(s.id));
}
