/**
 * My tasks (SPEC §18): the open tasks given to the member, in four groups by the venue's wall
 * clock — Overdue (past their due time), Today, This week (to Sunday) and Later (or with no due
 * date) — each with *Mark done*, and the form that adds a task.
 */
import { isOverdue, type Task } from '../../../crm/tasks/index.js';
import { addDays, localDate, mondayOf } from '../../../wall-clock.js';
import { html } from '../../html.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { addTaskForm, type TaskContext, type TaskFormValues, taskList } from './task-list.view.js';

type Group = 'overdue' | 'today' | 'week' | 'later';

const GROUPS: ReadonlyArray<{ key: Group; title: string; empty: string }> = [
  { key: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { key: 'today', title: 'Today', empty: 'Nothing due today.' },
  { key: 'week', title: 'This week', empty: 'Nothing else due this week.' },
  { key: 'later', title: 'Later', empty: 'Nothing due later.' },
];

/** Which group a task falls in at `now`, by the venue's calendar. */
export function groupOf(task: Task, now: number, zone: string): Group {
  if (isOverdue(task, now)) return 'overdue';
  const day = task.dueDate ?? (task.dueAt ? localDate(Date.parse(task.dueAt), zone) : undefined);
  if (day === undefined) return 'later';
  const today = localDate(now, zone);
  if (day <= today) return 'today';
  return day <= addDays(mondayOf(today), 6) ? 'week' : 'later';
}

export function tasksPage(
  v: WorkspaceVisitor,
  tasks: readonly Task[],
  context: TaskContext,
  form: { values: TaskFormValues; errors: FieldErrors; notice?: string | undefined },
): string {
  const back = orgPath(v, '/tasks');
  const groups = GROUPS.map((g) => {
    const mine = tasks.filter((t) => groupOf(t, context.now, context.zone) === g.key);
    return html`<section aria-labelledby="tasks-${g.key}" class="card">
      <h2 id="tasks-${g.key}">${g.title} <span class="hint">(${mine.length})</span></h2>
      ${taskList(v, mine, context, back, g.empty)}</section>`;
  });
  const booking = form.values.booking_id ? context.bookings.get(form.values.booking_id) : undefined;
  const body = html`<h1>My tasks</h1>
    ${form.notice ? html`<p class="notice" role="status">${form.notice}</p>` : ''}
    ${groups}
    <section aria-labelledby="add-task-title" class="card">
      <h2 id="add-task-title">Add a task${booking ? ` to ${booking.reference} ${booking.name}` : ''}</h2>
      ${addTaskForm(v, context, form.values, form.errors, form.values.booking_id ? orgPath(v, `/bookings/${form.values.booking_id}`) : back)}
    </section>`;
  return workspacePage(v, { title: 'My tasks', section: 'tasks', body });
}
