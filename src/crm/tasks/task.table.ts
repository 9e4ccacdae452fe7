/** The team's tasks (SPEC §18). The columns follow from its fields (task.value.ts). */
export type { TaskTable } from './task.value.js';
