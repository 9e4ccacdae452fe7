/** Notes (a note's author or an admin changes it: note-rules.ts): the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const NOTE_ACTIONS = defineActions(
  'notes',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change notes.',
);
