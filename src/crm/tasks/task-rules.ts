/**
 * The rules of a task's fields (SPEC §18), one pure function over facts loaded first: a title of
 * one line; notes, or none; a due time (an instant) or a due day (all day in the venue's zone),
 * not both — giving one clears the other; open or done, with completed_at set when it is marked
 * done and cleared when it is opened again; an assignee who is a member of the organization (by
 * default whoever creates it); a booking of the organization, or none. `dueBy`, when an open task
 * falls overdue, follows the due time: its due_at, or the end of its due_date in the venue's zone.
 */
import { addDays, instantOf, isDate, zonedToUtc } from '../../wall-clock.js';
import { type Checked, Problems } from '../validation.js';
import { NOTES_MAX_LENGTH, TASK_STATUSES, type TaskStatus, TITLE_MAX_LENGTH } from './task.fields.js';
import type { Task, TaskChanges } from './task.value.js';

export interface TaskInput {
  title?: string | undefined;
  notes?: string | null | undefined;
  dueAt?: string | null | undefined;
  dueDate?: string | null | undefined;
  status?: string | undefined;
  assigneeId?: string | null | undefined;
  bookingId?: string | null | undefined;
  /** How the assignee is told of a task someone else gives them (task-notice.ts); absent: not told. */
  notify?: TaskNotice | undefined;
}

/** What the e-mail to an assignee needs from the door: whether mail is sent, and where their tasks are. */
export interface TaskNotice {
  sending: boolean;
  /** The workspace's My tasks page of the organization. */
  tasksUrl: string;
}

export interface TaskFacts {
  /** The venue's time zone, which a due day is read in. */
  zone: string;
  /** Who acts (the default assignee, and the task's creator); null for a door with no user. */
  userId: string | null;
  /** Whether the assignee asked for is a member of the organization. */
  assigneeIsMember: boolean;
  /** Whether the booking asked for is one of the organization's. */
  bookingExists: boolean;
  now: number;
}

/** When a task due at `dueAt` or on `dueDate` falls overdue: the instant, or the end of the day in `zone`. */
export function dueByOf(dueAt: string | null, dueDate: string | null, zone: string): string | null {
  if (dueAt !== null) return dueAt;
  if (dueDate === null) return null;
  const end = zonedToUtc(addDays(dueDate, 1), zone);
  return end === undefined ? null : new Date(end).toISOString();
}

function checkDue(input: TaskInput, current: Task | undefined, problems: Problems, changes: TaskChanges) {
  const { dueAt, dueDate } = input;
  if (dueAt !== undefined && dueAt !== null && dueDate !== undefined && dueDate !== null) {
    problems.attribute(
      'due_date',
      'A task is due at a time (due_at) or on a day (due_date), not both.',
      'conflicting_values',
    );
  }
  if (dueAt !== undefined) {
    const ms = dueAt === null ? null : instantOf(dueAt);
    if (ms === undefined) problems.attribute('due_at', `"${dueAt}" is not a date and time that exists.`);
    changes.dueAt = ms === null || ms === undefined ? null : new Date(ms).toISOString();
    if (changes.dueAt !== null && dueDate === undefined) changes.dueDate = null;
  }
  if (dueDate !== undefined) {
    const valid = dueDate === null || isDate(dueDate);
    if (!valid) problems.attribute('due_date', `"${dueDate}" is not a day (YYYY-MM-DD).`);
    changes.dueDate = valid ? dueDate : null;
    if (changes.dueDate !== null && dueAt === undefined) changes.dueAt = null;
  }
}

function checkStatus(input: TaskInput, current: Task | undefined, facts: TaskFacts, problems: Problems) {
  const changes: TaskChanges = {};
  if (input.status === undefined && current) return changes;
  const status = input.status ?? 'open';
  if (!(TASK_STATUSES as readonly string[]).includes(status)) {
    problems.attribute('status', `"${status}" is not a status: use ${TASK_STATUSES.join(' or ')}.`);
    return changes;
  }
  changes.status = status as TaskStatus;
  if (status === 'done' && current?.status !== 'done')
    changes.completedAt = new Date(facts.now).toISOString();
  if (status === 'open') changes.completedAt = null;
  return changes;
}

export function checkTask(
  input: TaskInput,
  current: Task | undefined,
  facts: TaskFacts,
): Checked<TaskChanges> {
  const problems = new Problems();
  const changes: TaskChanges = {};
  if (!current) {
    Object.assign(changes, { notes: null, dueAt: null, dueDate: null, bookingId: null });
    changes.createdById = facts.userId;
  }
  if (input.title !== undefined || !current) {
    const title = input.title?.trim() ?? '';
    if (title === '') problems.attribute('title', 'A task needs a title.', 'blank');
    else if (title.length > TITLE_MAX_LENGTH)
      problems.attribute('title', `A title is at most ${TITLE_MAX_LENGTH} characters.`, 'too_long');
    problems.text('title', title);
    changes.title = title;
  }
  if (input.notes !== undefined) {
    const notes = input.notes?.trim() || null;
    if (notes !== null && notes.length > NOTES_MAX_LENGTH)
      problems.attribute(
        'notes',
        `Notes are at most ${NOTES_MAX_LENGTH.toLocaleString('en')} characters.`,
        'too_long',
      );
    problems.text('notes', notes, 'lines');
    changes.notes = notes;
  }
  checkDue(input, current, problems, changes);
  if ('dueAt' in changes || 'dueDate' in changes || !current) {
    const dueAt = changes.dueAt !== undefined ? changes.dueAt : (current?.dueAt ?? null);
    const dueDate = changes.dueDate !== undefined ? changes.dueDate : (current?.dueDate ?? null);
    changes.dueBy = dueByOf(dueAt, dueDate, facts.zone);
  }
  Object.assign(changes, checkStatus(input, current, facts, problems));
  if (input.assigneeId !== undefined || !current) {
    const assignee = input.assigneeId === undefined ? facts.userId : input.assigneeId;
    if (assignee === null) problems.relationship('assignee', 'A task is given to a member.', 'blank');
    else if (!facts.assigneeIsMember)
      problems.relationship('assignee', `No member of this organization has the id "${assignee}".`);
    else changes.assigneeId = assignee;
  }
  if (input.bookingId !== undefined) {
    if (input.bookingId !== null && !facts.bookingExists)
      problems.relationship(
        'booking',
        `No booking with the id "${input.bookingId}" exists in this organization.`,
      );
    changes.bookingId = input.bookingId;
  }
  return { value: current ? onlyChanged(changes, current) : changes, problems: problems.list };
}

/** The changes that differ from the task as it is (a change to the same value changes nothing). */
function onlyChanged(changes: TaskChanges, current: Task): TaskChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => current[key as keyof Task] !== value),
  ) as TaskChanges;
}
