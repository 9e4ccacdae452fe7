/**
 * A task's fields (SPEC §18), each declared once for every door (src/crm/data/fields.ts): the
 * API's attributes and relationships, the forms, the assistant. A task is the team's own work,
 * not a column of the CSV export nor merged into documents.
 */
import { defineFields, field } from '../data/fields.js';

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The longest title: a line a list shows whole. */
export const TITLE_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 10_000;

const own = { csv: false, merge: false } as const;

export const TASK_FIELDS = defineFields({
  title: field('text', 'Title', {
    ...own,
    writable: true,
    form: true,
    description: 'What is to be done, one line',
    limits: { minLength: 1, maxLength: TITLE_MAX_LENGTH },
  }),
  notes: field('long_text', 'Notes', {
    ...own,
    nullable: true,
    writable: true,
    form: true,
    description: 'More about it; null when none',
    limits: { maxLength: NOTES_MAX_LENGTH },
  }),
  due_at: field('instant', 'Due at', {
    ...own,
    nullable: true,
    writable: true,
    description: 'When it is due (RFC 3339), or null; a task has a due_at or a due_date, not both',
  }),
  due_date: field('date', 'Due on', {
    ...own,
    nullable: true,
    writable: true,
    description: "The day it is due, all day in the venue's time zone (YYYY-MM-DD), or null",
  }),
  status: field('enum', 'Status', {
    ...own,
    writable: true,
    values: TASK_STATUSES,
    description: 'open or done (default open)',
  }),
  completed_at: field('instant', 'Completed', {
    ...own,
    nullable: true,
    description: 'When it was marked done; null while open',
  }),
  assignee_id: field('id', 'Assigned to', {
    ...own,
    writable: true,
    relationship: { name: 'assignee', type: 'users' },
    description: 'The member it is given to (default: whoever creates it)',
  }),
  booking_id: field('id', 'Booking', {
    ...own,
    nullable: true,
    writable: true,
    relationship: { name: 'booking', type: 'bookings' },
    description: 'The booking it is about, of the same organization; null when none',
  }),
  created_by_id: field('id', 'Created by', {
    ...own,
    nullable: true,
    relationship: { name: 'created_by', type: 'users' },
    description: 'Who created it (set by the server)',
  }),
  created_at: field('instant', 'Created', own),
  updated_at: field('instant', 'Updated', own),
});
