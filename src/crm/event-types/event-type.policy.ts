/** Event types, the venue's setup: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const EVENT_TYPE_ACTIONS = defineActions(
  'event_types',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change event types.',
);
