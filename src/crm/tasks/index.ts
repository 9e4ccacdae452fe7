/**
 * Tasks, the team's own work (SPEC §18): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands and the queries. The row type never leaves this folder.
 */
export { TASK_FIELDS, TASK_STATUSES, type TaskStatus, TITLE_MAX_LENGTH } from './task.fields.js';
export { type Task, type TaskChanges, taskCodec } from './task.value.js';
export { TASK_ACTIONS } from './task.policy.js';
export {
  createTask,
  deleteTask,
  deleteTasksOf,
  type TaskInput,
  type TaskNotice,
  taskProblems,
  updateTask,
} from './task.commands.js';
export {
  countOverdue,
  findTask,
  isOverdue,
  listTasks,
  taskBookings,
  type TaskQuery,
  taskVersion,
} from './task.reads.js';
export { taskDefinition, taskResource } from './task.resource.js';
export { tasksPageUrl } from './task-links.js';
export { TASK_DUE_JOB, taskReminderHandlers, type TaskReminderOptions } from './task-reminder.js';
export { DIGEST_LOOK_MS, nextDigest, TASK_DIGEST_JOB, taskDigestRecurrence } from './task-digest.js';
export {
  isTaskEmails,
  memberTaskEmails,
  setTaskEmails,
  TASK_EMAILS,
  type TaskEmails,
  taskEmailsOf,
} from './task-emails.js';
