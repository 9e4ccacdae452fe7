/**
 * Prices (SPEC §12): the face the doors use, begun (docs/decisions/0017-faces-codecs-and-fields.md).
 * So far it holds the policy of lines, items and tax rates, which the pages ask what to offer; the
 * rest of the kind is still reached through its files until it moves here.
 */
export { ITEM_ACTIONS, LINE_ITEM_ACTIONS, TAX_RATE_ACTIONS } from './pricing.policy.js';
export {
  copiedTaxes,
  itemCodec,
  type ItemValue,
  lineFiguresOf,
  lineItemCodec,
  type LineItemValue,
  taxRateIdsOf,
} from './line-item.codec.js';
