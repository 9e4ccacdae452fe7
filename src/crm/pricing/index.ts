/**
 * Prices (SPEC §12): the face the rest of the house uses (docs/decisions/0017-faces-codecs-and-fields.md):
 * the policy of lines, items and tax rates, their values and codec, the categories and units,
 * their commands and the rules' input, a booking's lines, what goes with a deleted booking, and
 * their resources; the tax rates as values, and one with its version. The pages and the documents
 * still read the rows of lines and items, which the face names `LineItemRow` and `ItemRow` for them.
 */
export { ITEM_ACTIONS, LINE_ITEM_ACTIONS, TAX_RATE_ACTIONS } from './pricing.policy.js';
export {
  copiedTaxes,
  isActiveOf,
  isInclusiveOf,
  itemCodec,
  type ItemValue,
  lineFiguresOf,
  lineItemCodec,
  type LineItemValue,
  taxRateIdsOf,
} from './line-item.codec.js';
export {
  CATEGORY_LABELS,
  ITEM_CATEGORIES,
  ITEM_UNITS,
  isItemCategory,
  type ItemCategory,
  type ItemUnit,
  UNIT_LABELS,
} from './categories.js';
export type { CopiedTax, LineItem as LineItemRow } from './line-item.table.js';
export type { Item as ItemRow } from './item.table.js';
export { bookingPricesGo, eventLinesGo, linesOfBooking } from './booking-totals.js';
export { createItem, deleteItem, type ItemInput, itemProblems, itemsOf, updateItem } from './items.js';
export {
  createLineItem,
  deleteLineItem,
  type LineItemInput,
  lineItemProblems,
  updateLineItem,
} from './line-items.js';
export {
  createTaxRate,
  deleteTaxRate,
  type TaxRateInput,
  taxRateProblems,
  updateTaxRate,
} from './tax-rates.js';
export { taxRateCodec, type TaxRateValue } from './tax-rate.codec.js';
export { findTaxRate, taxRateChangeProblems, taxRatesOf } from './tax-rate.reads.js';
export { itemDefinition } from './item.resource.js';
export { lineItemDefinition } from './line-item.resource.js';
export { taxRateDefinition } from './tax-rate.resource.js';
