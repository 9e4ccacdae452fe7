/**
 * Tasks as the workspace shows them (SPEC §18): a list whose open tasks each have a *Mark done*
 * button, and the form that adds one (title, due day and time in the venue's zone, assignee), its
 * errors beside their fields. Both serve My tasks and the booking page.
 */
import { isOverdue, type Task, taskVersion } from '../../../crm/tasks/index.js';
import type { Member } from '../../../identity/membership.repository.js';
import { localDate, localTime } from '../../../wall-clock.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField, selectField } from '../forms/form-fields.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface TaskContext {
  zone: string;
  now: number;
  members: readonly Member[];
  /** Booking names and references by id, for the tasks that name one. */
  bookings: ReadonlyMap<string, { name: string; reference: string }>;
}

export interface TaskFormValues {
  title: string;
  due_date: string;
  due_time: string;
  assignee: string;
  booking_id: string;
}

export const TASK_LABELS: Record<string, string> = {
  title: 'Task',
  due_date: 'Due on',
  due_time: 'Due at',
  assignee: 'For',
  booking: 'Booking',
};

/** When the task is due, as the venue's wall clock reads it. */
export function dueLabel(task: Task, zone: string): string {
  if (task.dueDate) return task.dueDate;
  if (task.dueAt) {
    const ms = Date.parse(task.dueAt);
    return `${localDate(ms, zone)} ${localTime(ms, zone)}`;
  }
  return 'No due date';
}

function memberName(context: TaskContext, id: string): string {
  const member = context.members.find((m) => m.userId === id);
  return member ? member.name || member.email : 'A former member';
}

function taskItem(v: WorkspaceVisitor, task: Task, context: TaskContext, back: string): SafeHtml {
  const booking = task.bookingId ? context.bookings.get(task.bookingId) : undefined;
  const late = isOverdue(task, context.now);
  return html`<li class="task${late ? ' overdue' : ''}">
    <div><strong>${task.title}</strong>
      <p class="hint">${task.status === 'done' ? 'Done' : late ? html`<span class="badge status-lost">Overdue</span> ` : ''}
        Due ${dueLabel(task, context.zone)} · ${memberName(context, task.assigneeId)}${booking && task.bookingId ? html` · <a href="${orgPath(v, `/bookings/${task.bookingId}`)}">${booking.reference} ${booking.name}</a>` : ''}</p>
      ${task.notes ? html`<p>${task.notes}</p>` : ''}</div>
    ${
      task.status === 'open'
        ? html`<form method="post" action="${orgPath(v, `/tasks/${task.id}/done`)}">${csrfField(v.csrfToken)}
        <input type="hidden" name="version" value="${taskVersion(task)}" /><input type="hidden" name="back" value="${back}" />
        <button type="submit" class="secondary">Mark done<span class="visually-hidden">: ${task.title}</span></button></form>`
        : ''
    }
  </li>`;
}

export function taskList(
  v: WorkspaceVisitor,
  tasks: readonly Task[],
  context: TaskContext,
  back: string,
  empty: string,
): SafeHtml {
  if (tasks.length === 0) return html`<p class="hint">${empty}</p>`;
  return html`<ul class="task-list">${tasks.map((t) => taskItem(v, t, context, back))}</ul>`;
}

/** The form adding a task; on a booking's page it carries the booking. */
export function addTaskForm(
  v: WorkspaceVisitor,
  context: TaskContext,
  values: TaskFormValues,
  errors: FieldErrors,
  back: string,
): SafeHtml {
  const choices = context.members.map((m) => ({ value: m.userId, label: m.name || m.email }));
  return html`${errorSummary(errors, TASK_LABELS)}
    <form method="post" action="${orgPath(v, '/tasks')}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}<input type="hidden" name="back" value="${back}" />
      <input type="hidden" name="booking_id" value="${values.booking_id}" />
      ${inputField({ name: 'title', label: 'Task', value: values.title, errors, required: true, attributes: html`maxlength="200"` })}
      ${inputField({ name: 'due_date', label: 'Due on', type: 'date', value: values.due_date, errors })}
      ${inputField({ name: 'due_time', label: 'Due at', type: 'time', value: values.due_time, errors, hint: `A time on that day, in ${context.zone}; leave it empty for all day.` })}
      ${selectField({ name: 'assignee', label: 'For', value: values.assignee || v.user.id, errors, choices, required: true })}
      <div class="actions"><button type="submit">Add task</button></div>
    </form>`;
}
