/** Settings → Task e-mails (SPEC §18): every member chooses the e-mails about their own tasks. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberTaskEmails, setTaskEmails } from '../../../crm/tasks/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, visitorOf } from '../workspace-visitor.js';
import { taskEmailsPage } from './task-emails.page.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const PATH = '/orgs/:org/settings/task-emails';

export const taskEmailsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, writer } = app.ctx;

  app.get(
    PATH,
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const org = v.organization.organizationId;
      const [value, zone] = await Promise.all([
        memberTaskEmails(db, org, v.user.id),
        organizationZone(db, org),
      ]);
      const view = { value: value ?? 'each', zone, errors: {}, notice: request.query.notice };
      return sendPage(reply, taskEmailsPage(v, view));
    },
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const value = formText(request.body, 'task_emails');
      const saved = await attempt(writer, v.actor, setTaskEmails, { taskEmails: value });
      if (saved.ok) return reply.redirect(orgPath(v, '/settings/task-emails?notice=saved'), 303);
      if (saved.refusal.problems.length === 0) return sendRefusal(request, reply, saved.refusal);
      const zone = await organizationZone(db, v.organization.organizationId);
      const view = { value, zone, errors: saved.refusal.fieldMessages() };
      return sendPage(reply, taskEmailsPage(v, view), 422);
    },
  );
};
