/** A booking's tasks on its page (SPEC §18): the open ones first, each with *Mark done*, and a form adding one to it. */
import { listTasks, type Task } from '../../../crm/tasks/index.js';
import type { Db } from '../../../db/database.js';
import { html, type SafeHtml } from '../../html.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { taskContextOf } from './task-context.js';
import { addTaskForm, type TaskContext, taskList } from './task-list.view.js';

export interface BookingTasks {
  bookingId: string;
  tasks: Task[];
  context: TaskContext;
}

export async function bookingTasksOf(db: Db, organizationId: string, bookingId: string, now: number) {
  const tasks = await listTasks({ db }, organizationId, { bookingId });
  const open = tasks.filter((t) => t.status === 'open');
  const done = tasks.filter((t) => t.status === 'done');
  return {
    bookingId,
    tasks: [...open, ...done],
    context: await taskContextOf(db, organizationId, now, tasks),
  };
}

export function bookingTasksSection(v: WorkspaceVisitor, section: BookingTasks): SafeHtml {
  const back = orgPath(v, `/bookings/${section.bookingId}`);
  const values = { title: '', due_date: '', due_time: '', assignee: '', booking_id: section.bookingId };
  return html`<section aria-labelledby="tasks-title" class="card">
    <h2 id="tasks-title">Tasks</h2>
    ${taskList(v, section.tasks, section.context, back, 'No tasks on this booking.')}
    <h3>Add a task</h3>
    ${addTaskForm(v, section.context, values, {}, back)}
  </section>`;
}
