/** Prices (SPEC §12): a booking's line items (any member), the catalogue and tax rates (admins). */
import { defineActions } from '../../policy/action.js';

const VERBS = { create: {}, update: {}, delete: {} };

export const LINE_ITEM_ACTIONS = defineActions(
  'line_items',
  VERBS,
  'Only organization admins may change line items.',
);
export const ITEM_ACTIONS = defineActions('items', VERBS, 'Only organization admins may change items.');
export const TAX_RATE_ACTIONS = defineActions(
  'tax_rates',
  VERBS,
  'Only organization admins may change tax rates.',
);
