/** Installments and payments (SPEC §12): any member records; only admins delete a payment. */
import { defineActions } from '../../policy/action.js';

const VERBS = { create: {}, update: {}, delete: {} };

export const INSTALLMENT_ACTIONS = defineActions(
  'installments',
  VERBS,
  'Only organization admins may change installments.',
);
export const PAYMENT_ACTIONS = defineActions(
  'payments',
  { create: {}, delete: {} },
  'Only organization admins may change payments.',
);
