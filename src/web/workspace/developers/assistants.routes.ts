/** Settings → Developers → Assistants (SPEC §16): admins see the MCP address and turn self-registration on or off. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { setAssistantRegistration } from '../../../crm/organization/index.js';
import { acceptsAssistants } from '../../../oauth/assistant-registration.js';
import { mcpResource } from '../../../oauth/resource.js';
import { write } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { assistantsPage } from './assistants.page.js';
import { orgPath, visitorOf } from '../workspace-visitor.js';

const PATH = '/orgs/:org/settings/developers/assistants';
const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
export const assistantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    PATH,
    {
      config: { takes: setAssistantRegistration.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const selfRegistration = await acceptsAssistants(db, v.organization.organizationId);
      return sendPage(
        reply,
        assistantsPage(v, { mcpUrl: mcpResource(config), selfRegistration, notice: request.query.notice }),
      );
    },
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const on = formText(request.body, 'self_registration') === 'on';
      await write(request.ctx.app.writer, v.actor, setAssistantRegistration, { on });
      request.log.info(
        { organization_id: v.organization.organizationId, self_registration: on },
        'assistant self-registration changed',
      );
      return reply.redirect(
        `${orgPath(v, '/settings/developers/assistants')}?notice=${on ? 'on' : 'off'}`,
        303,
      );
    },
  );
};
