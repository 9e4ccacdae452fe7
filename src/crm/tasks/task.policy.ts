/** Tasks, the team's own work: the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const TASK_ACTIONS = defineActions(
  'tasks',
  { create: {}, update: {}, delete: {} },
  'Only members of the organization may change its tasks.',
);
