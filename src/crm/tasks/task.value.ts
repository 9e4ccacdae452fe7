/**
 * A task as the domain knows it, and its codec: the row of `tasks` read into the value and a
 * change of the value written back as columns. `due_by` (when an open task falls overdue) is kept
 * beside the fields for the overdue filter; the rules set it with the due time. The row type never
 * leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { TASK_FIELDS, type TaskStatus } from './task.fields.js';

/** The columns of `tasks`. */
export type TaskTable = { id: string; organization_id: string; due_by: string | null } & StoredColumns<
  typeof TASK_FIELDS
>;

/** A task, as every door and rule sees it. */
export type Task = { id: string; organizationId: string; dueBy: string | null } & Omit<
  StoredValues<typeof TASK_FIELDS>,
  'status'
> & { status: TaskStatus };

/** What a change of a task sets. */
export type TaskChanges = Partial<Omit<Task, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>>;

export const taskCodec = {
  decode(row: TaskTable): Task {
    const stored = decodeStored(TASK_FIELDS, row);
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...stored,
      // The rules write only the statuses there are.
      status: stored.status as TaskStatus,
      dueBy: row.due_by,
    };
  },
  encode(changes: TaskChanges): Partial<TaskTable> {
    const columns: Partial<TaskTable> = encodeStored(TASK_FIELDS, changes);
    if ('dueBy' in changes) columns.due_by = changes.dueBy ?? null;
    return columns;
  },
};
