/**
 * GET /v2/organizations (SPEC §15): the organizations these credentials may use, each with its
 * name and the id to send as X-API-ORG, as Event Temple integrations ask before their first call.
 * It needs no X-API-ORG itself. A token's are those granted to it where its user is a member; an
 * API key's, its own.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, listDocument } from '../api/jsonapi.js';
import { READ_SECURITY } from '../api/route-schemas.js';
import { organizationsOf } from './credential-organizations.js';

const UsableOrganizationResource = Type.Object({
  type: Type.Literal('organizations'),
  id: Type.String({ description: 'Send it as X-API-ORG' }),
  attributes: Type.Object({ name: Type.String() }),
  meta: Type.Object({ role: Type.String({ description: 'The role of the credentials’ user there' }) }),
});

export const organizationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  app.get(
    '/v2/organizations',
    {
      config: { scope: 'crm_read', organization: false },
      schema: {
        tags: ['Account'],
        summary: 'The organizations these credentials may use',
        description:
          'Each organization’s name and the id to send as X-API-ORG: for a token, the organizations granted to ' +
          'it; for an API key, its own. No X-API-ORG needed. Needs crm_read (or crm_manage).',
        security: READ_SECURITY,
        response: { 200: listDocument(UsableOrganizationResource), ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const organizations = await organizationsOf(db, request.apiAuth);
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: organizations.map((o) => ({
          type: 'organizations' as const,
          id: o.id,
          attributes: { name: o.name },
          meta: { role: o.role },
        })),
        meta: { has_more: false, after_cursor: null, before_cursor: null },
        links: { self: `${config.baseUrl}/v2/organizations`, next: null, prev: null },
      };
    },
  );
};
