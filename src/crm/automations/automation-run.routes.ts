/**
 * A drafted mail's approval over the API (SPEC §18): `POST /v2/automation_runs/{id}/approve`
 * (optional `subject` and `text` replace the draft's) sends it, `…/skip` skips the step; each
 * answers with the run as it then is. Any member may (crm_manage).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, singleDocument } from '../../api/jsonapi.js';
import { IdParams, MANAGE_SECURITY } from '../../api/route-schemas.js';
import { write } from '../../writes/unit-of-work.js';
import { approveRun, skipRun } from './automation-approval.js';
import { automationRunResource, AutomationRunResource } from './automation-run.resource.js';

const ApproveBody = Type.Object(
  {
    data: Type.Object({
      type: Type.Optional(Type.Literal('automation_runs')),
      attributes: Type.Optional(
        Type.Object(
          {
            subject: Type.Optional(
              Type.String({ maxLength: 1000, description: 'Replaces the draft’s subject' }),
            ),
            text: Type.Optional(
              Type.String({ maxLength: 200_000, description: 'Replaces the draft’s text' }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    }),
  },
  { description: 'Optional: without a body the draft is sent as it is' },
);

const responses = {
  200: singleDocument(AutomationRunResource),
  ...errorResponses(400, 401, 403, 404, 409, 422, 429),
};

export const automationRunRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  const reply = (run: Parameters<typeof automationRunResource>[0]) => {
    const resource = automationRunResource(run, config.baseUrl);
    return { data: resource, links: { self: resource.links?.self ?? '' } };
  };
  app.post(
    '/v2/automation_runs/:id/approve',
    {
      config: { scope: 'crm_manage', textRules: true },
      // No body sends the draft as it is.
      preValidation: async (request) => {
        request.body ??= { data: {} };
      },
      schema: {
        tags: ['Automations'],
        summary: 'Send a drafted mail',
        description:
          'Sends the mail a run drafted for approval, with `subject` and `text` in place of the draft’s where given, and moves the run on. A run that does not await approval is a 409 not_awaiting_approval. Mail to the client past MAIL_PER_HOUR e-mails to clients in the last hour (the operator’s bound) is refused with 429 too_many_messages and a Retry-After, the run still awaiting approval. Needs crm_manage.',
        security: MANAGE_SECURITY,
        params: IdParams,
        body: ApproveBody,
        response: responses,
      },
    },
    async (request, res) => {
      const attributes = (request.body as Static<typeof ApproveBody>).data.attributes ?? {};
      const made = await write(request.ctx.app.writer, request.apiAuth, approveRun, {
        runId: request.params.id,
        subject: attributes.subject,
        text: attributes.text,
        sending: config.smtpUrl !== undefined,
        mailPerHour: config.mailPerHour,
      });
      res.code(200).type(JSONAPI_MEDIA_TYPE);
      return reply(made) as never;
    },
  );
  app.post(
    '/v2/automation_runs/:id/skip',
    {
      config: { scope: 'crm_manage' },
      schema: {
        tags: ['Automations'],
        summary: 'Skip a drafted mail',
        description:
          'Skips the step whose mail awaits approval (nothing is sent) and moves the run on. A run that does not await approval is a 409 not_awaiting_approval. Needs crm_manage.',
        security: MANAGE_SECURITY,
        params: IdParams,
        response: responses,
      },
    },
    async (request, res) => {
      const made = await write(request.ctx.app.writer, request.apiAuth, skipRun, {
        runId: request.params.id,
      });
      res.code(200).type(JSONAPI_MEDIA_TYPE);
      return reply(made) as never;
    },
  );
};
