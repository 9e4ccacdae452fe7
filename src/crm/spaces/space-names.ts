/**
 * A booking's room names are its spaces' names as they are now (SPEC §11: derived on read, never
 * written into the booking): renaming a space changes one row, and every booking holding it shows
 * the new name. The organization's names are read once for all the bookings of a document.
 */
import { createHash } from 'node:crypto';
import type { Db, Trx } from '../../db/database.js';
import { spaceIds } from '../data/row-mappers.js';

/** The organization's space names by id; `stamp` changes whenever any of them does. */
export interface SpaceNames {
  readonly names: ReadonlyMap<string, string>;
  readonly stamp: string;
}

export async function spaceNamesOf(db: Db | Trx, organizationId: string): Promise<SpaceNames> {
  const rows = await db
    .selectFrom('spaces')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  const hash = createHash('sha256');
  for (const { id, name } of rows) hash.update(`${id}\u0000${name}\u0000`);
  return {
    names: new Map(rows.map((r) => [r.id, r.name])),
    stamp: hash.digest('base64url').slice(0, 16),
  };
}

/** The names of the spaces a booking holds (its `space_ids`, a JSON array), in its order. */
export function roomNames(held: string, spaces: ReadonlyMap<string, string>): string[] {
  return namesOfSpaces(spaceIds({ space_ids: held }), spaces);
}

/** The names of the spaces of these ids that still exist, in their order. */
export function namesOfSpaces(ids: Iterable<string>, spaces: ReadonlyMap<string, string>): string[] {
  const names: string[] = [];
  for (const id of ids) {
    const name = spaces.get(id);
    if (name !== undefined) names.push(name);
  }
  return names;
}
