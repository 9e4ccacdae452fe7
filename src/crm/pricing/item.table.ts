import type { Selectable } from 'kysely';
import type { ItemCategory, ItemUnit } from './categories.js';

/**
 * An item of the venue's catalogue (SPEC §12): a menu, a package, a rental, a fee. A line made
 * from it copies what it says at that moment, so changing an item never changes a line.
 */
export interface ItemTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  /** Minor units of the booking's currency; negative for a discount. */
  unit_price: number;
  /** 1 when the organization's service charge applies, else 0. */
  service_charge: number;
  /** 1 when it is offered for new lines, else 0. */
  active: number;
  /** JSON array of the ids of the tax rates it carries, in the order given. */
  tax_rate_ids: string;
  created_at: string;
  updated_at: string;
}

export type Item = Selectable<ItemTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    items: ItemTable;
  }
}
