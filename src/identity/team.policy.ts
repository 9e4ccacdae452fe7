/** The team (SPEC §9): its admins, and the operator at the command line, manage it (team-access.ts). */
import { defineActions } from '../policy/action.js';

export const TEAM_ACTIONS = defineActions(
  'team',
  { invite: {}, add: {}, change_role: {}, remove: {} },
  'Only organization admins may manage its team.',
);
