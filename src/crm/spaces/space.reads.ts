/** What the doors read of spaces: the organization's, by name, as values. */
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { spaceDefinition } from './space.resource.js';
import { type Space, spaceCodec } from './space.value.js';

export async function listSpaces(reads: Reads, organizationId: string): Promise<Space[]> {
  const rows = await reads.db
    .selectFrom('spaces')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(spaceCodec.decode);
}

/** The spaces a form offers: those not archived, and any the record holds already. */
export function offeredSpaces<S extends Pick<Space, 'id' | 'archivedAt'>>(
  spaces: readonly S[],
  held: readonly string[],
): S[] {
  return spaces.filter((s) => s.archivedAt === null || held.includes(s.id));
}

/** The organization's space with the version its form carries, or undefined. */
export function findSpace(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, spaceDefinition, spaceCodec.decode, organizationId, id);
}
