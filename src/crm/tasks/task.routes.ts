/**
 * Tasks (SPEC §18): every member reads and writes them (crm_read reads, crm_manage writes). A task
 * given to a member by someone else e-mails them a link to their tasks in the workspace.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inputOf } from '../../api/field-schemas.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { TaskCreateBody, TaskUpdateBody } from './task.bodies.js';
import { createTask, deleteTask, type TaskInput, taskProblems, updateTask } from './task.commands.js';
import { TASK_FIELDS } from './task.fields.js';
import { taskDefinition, taskResource } from './task.resource.js';
import { taskCodec } from './task.value.js';
import { tasksPageUrl } from './task-links.js';

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, clock } = app.ctx;
  const sending = config.smtpUrl !== undefined;
  // The organization is the token's, as every write's is: the command's actor carries it.
  const taskInput = ({ data }: { data: object }): TaskInput => inputOf(TASK_FIELDS, data) as TaskInput;
  const told = (input: TaskInput, organizationId: string): TaskInput => ({
    ...input,
    notify: { sending, tasksUrl: tasksPageUrl(config.baseUrl, organizationId) },
  });
  registerReadRoutes(app, taskDefinition);
  registerWriteRoutes(app, {
    definition: taskDefinition,
    face: { decode: taskCodec.decode, render: taskResource },
    createBody: TaskCreateBody,
    updateBody: TaskUpdateBody,
    rules: {
      create:
        'A title; a due_at or a due_date (not both); an assignee who is a member (default: the caller), e-mailed when it is someone else; a booking of the organization, or none.',
      update:
        'Giving a due_at clears the due_date and the other way round; status done sets completed_at, open clears it; a new assignee other than the caller is e-mailed.',
      remove: 'Any member may delete a task.',
    },
    create: {
      command: createTask,
      input: taskInput,
      problems: (db, actor, input) => taskProblems({ db }, actor, input, clock.now()),
      around: (_ctx, actor, input, write) => write(told(input, actor.organizationId)),
    },
    update: {
      command: updateTask,
      input: taskInput,
      problems: (db, actor, input, current) => taskProblems({ db }, actor, input, clock.now(), current),
      around: (_ctx, actor, change, write) =>
        write({ ...change, input: told(change.input, actor.organizationId) }),
    },
    remove: deleteTask,
  });
};
