/**
 * Notes: the actions a grant names (src/policy). A note is changed or deleted by its author, or by
 * whoever is also granted `notes.change_others` (an admin: note-rules.ts).
 */
import { defineActions } from '../../policy/action.js';

export const NOTE_ACTIONS = defineActions(
  'notes',
  { create: {}, update: {}, delete: {}, change_others: {} },
  'Only organization admins may change notes.',
);
