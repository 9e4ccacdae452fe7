/** Events: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const EVENT_ACTIONS = defineActions(
  'events',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change events.',
);
