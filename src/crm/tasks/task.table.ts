/** The team's tasks (SPEC §18). The columns follow from its fields (task.value.ts). */
import type { TaskTable } from './task.value.js';

export type { TaskTable };

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    tasks: TaskTable;
  }
}
