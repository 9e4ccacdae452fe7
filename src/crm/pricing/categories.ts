/** The categories and units of catalogue items and line items (SPEC §12). */

/** Categories, in the order documents group them. */
export const ITEM_CATEGORIES = ['food', 'beverage', 'rental', 'av', 'labor', 'fee', 'other'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** How the pages name each category. */
export const CATEGORY_LABELS: Readonly<Record<ItemCategory, string>> = {
  food: 'Food',
  beverage: 'Beverage',
  rental: 'Rental',
  av: 'Audio-visual',
  labor: 'Labor',
  fee: 'Fees',
  other: 'Other',
};

export const isItemCategory = (value: string): value is ItemCategory =>
  (ITEM_CATEGORIES as readonly string[]).includes(value);

/** How an item is counted: each one, per guest, per hour, or one flat price. */
export const ITEM_UNITS = ['each', 'per_person', 'per_hour', 'flat'] as const;
export type ItemUnit = (typeof ITEM_UNITS)[number];

/** How the pages name each unit. */
export const UNIT_LABELS: Readonly<Record<ItemUnit, string>> = {
  each: 'each',
  per_person: 'per person',
  per_hour: 'per hour',
  flat: 'flat',
};
