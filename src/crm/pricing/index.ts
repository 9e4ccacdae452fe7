/**
 * Prices (SPEC §12): the face the rest of the house uses (docs/decisions/0017-faces-codecs-and-fields.md):
 * the policy of lines, items and tax rates, their values and codec, the categories and units,
 * their commands and the rules' input, what goes with a deleted booking, and their resources; a
 * booking's lines, the catalogue and the tax rates as values, and a line, an item or a rate with
 * its version. The row types never leave this folder.
 */
export { ITEM_ACTIONS, LINE_ITEM_ACTIONS, TAX_RATE_ACTIONS } from './pricing.policy.js';
export { itemCodec, type ItemValue, lineItemCodec, type LineItemValue } from './line-item.codec.js';
export {
  CATEGORY_LABELS,
  ITEM_CATEGORIES,
  ITEM_UNITS,
  isItemCategory,
  type ItemCategory,
  type ItemUnit,
  UNIT_LABELS,
} from './categories.js';
export type { CopiedTax } from './line-item.table.js';
export { bookingPricesGo, eventLinesGo } from './booking-totals.js';
export { createItem, deleteItem, type ItemInput, itemProblems, updateItem } from './items.js';
export { findItem, itemChangeProblems, itemsOf } from './item.reads.js';
export { findLineItem, lineItemChangeProblems, linesOfBooking } from './line-item.reads.js';
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
