/** Spaces, the venue's setup: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const SPACE_ACTIONS = defineActions(
  'spaces',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change spaces.',
);
