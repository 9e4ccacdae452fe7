/** An organization's integrations (SPEC §3, §4): its admins, and the operator, make and manage them. */
import { defineActions } from '../policy/action.js';

export const INTEGRATION_ACTIONS = defineActions(
  'integrations',
  { create: {}, update: {}, rotate_secret: {}, delete: {} },
  'Only administrators of an organization manage its integrations.',
);
