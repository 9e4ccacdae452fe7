/**
 * Approvals (SPEC §18): GET /orgs/:org/approvals lists the drafted mails awaiting a member;
 * POST /orgs/:org/approvals/:id/send sends one with the subject and text as the form has them,
 * POST …/skip skips it. Both go through the same commands as the API's approve and skip.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { approveRun, awaitingApproval, skipRun } from '../../../crm/automations/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, visitorOf } from '../workspace-visitor.js';
import { approvalsPage } from './approvals.page.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const NOTICES: Record<string, string> = { sent: 'Sent.', skipped: 'Skipped; nothing was sent.' };

export const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sending = app.ctx.config.smtpUrl !== undefined;

  app.get(
    '/orgs/:org/approvals',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const [items, zone] = await Promise.all([
        awaitingApproval(request.ctx, organizationId),
        organizationZone(request.ctx.db, organizationId),
      ]);
      return sendPage(reply, approvalsPage(v, items, zone, NOTICES[request.query.notice ?? '']));
    },
  );

  app.post(
    '/orgs/:org/approvals/:id/send',
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const input = {
        runId: request.params.id,
        subject: formText(request.body, 'subject'),
        text: formText(request.body, 'text'),
        sending,
        mailPerHour: app.ctx.config.mailPerHour,
      };
      const outcome = await attempt(request.ctx.app.writer, v.actor, approveRun, input);
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, '/approvals?notice=sent'), 303);
    },
  );

  app.post(
    '/orgs/:org/approvals/:id/skip',
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const outcome = await attempt(request.ctx.app.writer, v.actor, skipRun, { runId: request.params.id });
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, '/approvals?notice=skipped'), 303);
    },
  );
};
