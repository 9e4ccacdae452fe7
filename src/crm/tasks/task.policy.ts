/**
 * Tasks, the team's own work: the actions a grant names (src/policy). `set_emails` is a member's
 * own choice of e-mails about their tasks (task-emails.ts).
 */
import { defineActions } from '../../policy/action.js';

export const TASK_ACTIONS = defineActions(
  'tasks',
  { create: {}, update: {}, delete: {}, set_emails: {} },
  'Only members of the organization may change its tasks.',
);
