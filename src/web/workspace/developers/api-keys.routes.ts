/**
 * Settings → Developers → API keys (SPEC §15): the organization's admins make and revoke its keys.
 * A new key's secret is shown once, in the answer to the form (never in a redirect's URL).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { apiKeysOf, createApiKey, endedApiKeysOf, revokeApiKey } from '../../../api-keys/api-keys.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { FormBody, formList, formText, sendPage } from '../../forms.js';
import { apiKeysPage, type ApiKeysView } from './api-keys.page.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const PATH = '/orgs/:org/settings/developers/api-keys';
const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const KeyParams = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, writer } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    extras: Partial<ApiKeysView> = {},
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [keys, ended, zone] = await Promise.all([
      apiKeysOf(db, org),
      endedApiKeysOf(db, org),
      organizationZone(db, org),
    ]);
    const view: ApiKeysView = {
      keys,
      ended,
      zone,
      baseUrl: config.baseUrl,
      errors: {},
      values: { name: '', scopes: ['crm_read'] },
      ...extras,
    };
    return sendPage(reply, apiKeysPage(v, view), status);
  }

  app.get(
    PATH,
    {
      config: { takes: createApiKey.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    (request, reply) => show(reply, visitorOf(request), { notice: request.query.notice }),
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = { name: formText(request.body, 'name'), scopes: formList(request.body, 'scopes') };
      const key = await attempt(writer, v.actor, createApiKey, values);
      if (key.ok)
        return show(reply, v, { made: { name: values.name.trim(), secret: key.value.secret } }, 201);
      if (key.refusal.problems.length === 0) return sendRefusal(request, reply, key.refusal);
      return show(reply, v, { values, errors: key.refusal.fieldMessages() }, 422);
    },
  );

  app.post(
    `${PATH}/:id/revoke`,
    { preHandler: app.csrfProtection, schema: { params: KeyParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const revoked = await attempt(writer, v.actor, revokeApiKey, { id: request.params.id });
      if (!revoked.ok) return sendRefusal(request, reply, revoked.refusal);
      return reply.redirect(orgPath(v, '/settings/developers/api-keys?notice=revoked'), 303);
    },
  );
};
