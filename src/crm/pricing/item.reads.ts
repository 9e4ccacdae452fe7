/**
 * What the pages read of the catalogue, as values: the organization's items in the order
 * documents group them, and one with the version its form carries.
 */
import type { Db } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { ITEM_CATEGORIES } from './categories.js';
import { itemCodec, type ItemValue } from './line-item.codec.js';
import { itemDefinition } from './item.resource.js';
import { type ItemInput, itemProblems } from './items.js';

/** The organization's catalogue in the order documents group it: by category, then by name. */
export async function itemsOf(db: Db, organizationId: string): Promise<ItemValue[]> {
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const rank = (item: ItemValue) => ITEM_CATEGORIES.indexOf(item.category);
  return rows.map(itemCodec.decode).sort((a, b) => rank(a) - rank(b));
}

/** The organization's item with the version its form carries, or undefined. */
export function findItem(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, itemDefinition, itemCodec.decode, organizationId, id);
}

/** Every problem of a change of the item, writing nothing (its edit form). */
export const itemChangeProblems = (
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: ItemInput,
  item: ItemValue,
) => itemProblems(db, actor, input, itemCodec.encode(item));
