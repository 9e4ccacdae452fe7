/**
 * My tasks and the task forms (SPEC §18): GET /orgs/:org/tasks, POST /orgs/:org/tasks (add a task,
 * from My tasks or a booking's page; refused, My tasks shows the form again with each error beside
 * its field) and POST /orgs/:org/tasks/:id/done (at the version the page was drawn at).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { organizationZone } from '../../../crm/organization/index.js';
import {
  createTask,
  listTasks,
  type Task,
  type TaskInput,
  taskProblems,
  tasksPageUrl,
  updateTask,
} from '../../../crm/tasks/index.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { zonedToUtc } from '../../../wall-clock.js';
import { type Form, FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { changeOf, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';
import { taskContextOf } from './task-context.js';
import type { TaskFormValues } from './task-list.view.js';
import { tasksPage } from './tasks.page.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const NOTICES: Record<string, string> = { added: 'Task added.', done: 'Task marked done.' };

/** Where a form may send the member back to: a page of this organization's workspace, else My tasks. */
function backOf(v: WorkspaceVisitor, form: Form): string {
  const back = formText(form, 'back');
  return back.startsWith(orgPath(v, '/')) && !back.includes('//', 1) ? back : orgPath(v, '/tasks');
}

function valuesOf(form: Form): TaskFormValues {
  return {
    title: formText(form, 'title'),
    due_date: formText(form, 'due_date'),
    due_time: formText(form, 'due_time'),
    assignee: formText(form, 'assignee'),
    booking_id: formText(form, 'booking_id'),
  };
}

/** The form's values as the command's input; the form's own errors (a time with no day). */
function inputOf(values: TaskFormValues, zone: string): { input: TaskInput; unread: FieldErrors } {
  const unread: FieldErrors = {};
  let dueAt: string | undefined;
  if (values.due_time) {
    const ms = values.due_date ? zonedToUtc(`${values.due_date}T${values.due_time}`, zone) : undefined;
    if (!values.due_date) unread.due_date = 'Choose the day the time is on.';
    else if (ms === undefined) unread.due_time = 'Enter a time as HH:MM.';
    else dueAt = new Date(ms).toISOString();
  }
  return {
    input: {
      title: values.title,
      ...(dueAt ? { dueAt } : values.due_date ? { dueDate: values.due_date } : {}),
      ...(values.assignee ? { assigneeId: values.assignee } : {}),
      ...(values.booking_id ? { bookingId: values.booking_id } : {}),
    },
    unread,
  };
}

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  const sending = config.smtpUrl !== undefined;

  async function myTasks(
    request: FastifyRequest,
    values: TaskFormValues,
    errors: FieldErrors,
    notice?: string,
  ) {
    const v = visitorOf(request);
    const tasks = await listTasks(request.ctx, v.organization.organizationId, {
      assigneeId: v.user.id,
      status: 'open',
    });
    const extra = values.booking_id ? [{ bookingId: values.booking_id } as Task] : [];
    const context = await taskContextOf(request.ctx.db, v.organization.organizationId, request.ctx.now(), [
      ...tasks,
      ...extra,
    ]);
    return tasksPage(v, tasks, context, { values, errors, notice });
  }

  app.get(
    '/orgs/:org/tasks',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const empty = { title: '', due_date: '', due_time: '', assignee: '', booking_id: '' };
      return sendPage(reply, await myTasks(request, empty, {}, NOTICES[request.query.notice ?? '']));
    },
  );

  app.post(
    '/orgs/:org/tasks',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const values = valuesOf(request.body);
      const { input, unread } = inputOf(values, await organizationZone(request.ctx.db, organizationId));
      const notify = { sending, tasksUrl: tasksPageUrl(config.baseUrl, organizationId) };
      const outcome = await submit(request, createTask, { ...input, notify }, unread, () =>
        taskProblems(request.ctx, v.actor, input, request.ctx.now()),
      );
      if (outcome.errors) {
        // The due time's problems are the time field's; the relationships' are their fields'.
        const errors = Object.fromEntries(
          Object.entries(outcome.errors).map(([field, message]) => [
            field === 'due_at' ? 'due_time' : field,
            message,
          ]),
        );
        return sendPage(reply, await myTasks(request, values, errors), 422);
      }
      const back = backOf(v, request.body);
      return reply.redirect(
        `${back}${back.includes('?') ? '&' : '?'}notice=${back.endsWith('/tasks') ? 'added' : 'task-added'}`,
        303,
      );
    },
  );

  app.post(
    '/orgs/:org/tasks/:id/done',
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const change = changeOf(request.body, request.params.id, { status: 'done' } as TaskInput);
      const outcome = await attempt(request.ctx.app.writer, v.actor, updateTask, change);
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      const back = backOf(v, request.body);
      return reply.redirect(
        `${back}${back.includes('?') ? '&' : '?'}notice=${back.endsWith('/tasks') ? 'done' : 'task-done'}`,
        303,
      );
    },
  );
};
