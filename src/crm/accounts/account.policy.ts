/** Accounts: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const ACCOUNT_ACTIONS = defineActions(
  'accounts',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change accounts.',
);
