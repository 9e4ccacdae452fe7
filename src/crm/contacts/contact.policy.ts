/** Contacts: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const CONTACT_ACTIONS = defineActions(
  'contacts',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change contacts.',
);
