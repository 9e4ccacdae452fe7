import type { Selectable } from 'kysely';
import type { ItemCategory, ItemUnit } from './categories.js';

/** A tax as a line copied it when it was priced (SPEC §12): later changes to the rate never reach it. */
export interface CopiedTax {
  id: string;
  name: string;
  percentage: string;
  inclusive: boolean;
  /** What it comes to on the line, in minor units. */
  amount: number;
}

/**
 * A line of a booking's prices (SPEC §12): what is sold, at what price, how many, for which of its
 * events. It keeps its own copy of everything it was priced from, and its figures as computed then.
 */
export interface LineItemTable {
  id: string;
  organization_id: string;
  booking_id: string;
  /** One of its booking's events, or none (the booking as a whole). */
  event_id: string | null;
  /** The catalogue item it was made from, if any (kept as an id: the item may be gone since). */
  item_id: string | null;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  /** A decimal string, written plainly, > 0, at most three decimals. */
  quantity: string;
  /** 1 when a per-person line was given no quantity: it takes its event's guaranteed count, else its guest count. */
  quantity_from_guests: number;
  /** Minor units of the booking's currency; negative for a discount. */
  unit_price: number;
  /** 1 when the service charge applies, else 0. */
  service_charge: number;
  /** The organization's service charge when the line was made, and whether it was taxed then. */
  service_charge_percentage: string;
  service_charge_taxable: number;
  /** JSON array of CopiedTax. */
  taxes: string;
  /** Its place on documents (ascending). */
  position: number;
  amount: number;
  service_charge_amount: number;
  tax_amount: number;
  total: number;
  created_at: string;
  updated_at: string;
}

export type LineItem = Selectable<LineItemTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    line_items: LineItemTable;
  }
}
