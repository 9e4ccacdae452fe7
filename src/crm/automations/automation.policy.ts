/** An organization's automations (SPEC §18): its admins write them; any member sends or skips a drafted mail. */
import { defineActions } from '../../policy/action.js';

export const AUTOMATION_ACTIONS = defineActions(
  'automations',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change its automations.',
);

export const AUTOMATION_RUN_ACTIONS = defineActions('automation_runs', { approve: {}, skip: {} });
