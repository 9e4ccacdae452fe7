/** An organization's API keys (SPEC §15): its admins make and revoke them. */
import { defineActions } from '../policy/action.js';

export const API_KEY_ACTIONS = defineActions(
  'api_keys',
  { create: {}, revoke: {} },
  'Only organization admins may manage its API keys.',
);
