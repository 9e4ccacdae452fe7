/**
 * Tasks as the API shows them (SPEC §18), rendered from their fields. `filter[overdue][eq]=true`
 * is read against the clock: open, and past `due_by` (its due_at, or the end of its due_date in
 * the venue's zone).
 */
import {
  attributesOf,
  attributesSchema,
  relationshipsOf,
  relationshipTargets,
} from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import { relation } from '../../api/relation.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { TASK_FIELDS, TASK_STATUSES } from './task.fields.js';
import { type Task, taskCodec } from './task.value.js';

export const TaskResource = resourceSchema(
  'tasks',
  attributesSchema(TASK_FIELDS),
  relationshipTargets(TASK_FIELDS),
);

/** A task as the API shows it. */
export function taskResource(task: Task, baseUrl: string): Resource {
  return {
    type: 'tasks',
    id: task.id,
    attributes: attributesOf(TASK_FIELDS, task),
    relationships: relationshipsOf(TASK_FIELDS, task),
    links: { self: `${baseUrl}/v2/tasks/${task.id}` },
  };
}

export const taskDefinition: ResourceDefinition<'tasks'> = {
  type: 'tasks',
  path: '/v2/tasks',
  schema: TaskResource,
  tag: 'Tasks',
  noun: 'tasks',
  singular: 'task',
  sortable: ['created_at', 'updated_at'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    assignee_id: { column: 'assignee_id', kind: 'id', allowsMe: true },
    booking_id: { column: 'booking_id', kind: 'id', none: true },
    status: { column: 'status', kind: 'enum', values: TASK_STATUSES },
    due_at: { column: 'due_at', kind: 'timestamp' },
    due_date: { column: 'due_date', kind: 'date' },
    overdue: {
      column: 'due_by',
      kind: 'boolean',
      operators: ['eq'],
      description: 'true: open, and past its due_at or the end of its due_date in the venue’s zone',
      onClock: (now) => [
        { column: 'status', operator: 'eq', value: 'open' },
        { column: 'due_by', operator: 'lt', value: new Date(now).toISOString() },
      ],
    },
  },
  includes: {
    assignee: (row) => relation('users', row.assignee_id),
    booking: (row) => relation('bookings', row.booking_id),
    created_by: (row) => relation('users', row.created_by_id),
  },
  toResource: (row, baseUrl) => taskResource(taskCodec.decode(row), baseUrl),
};
