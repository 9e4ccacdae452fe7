/**
 * GET /v2/me: who the token acts for, through which integration, with which scopes, and the
 * organizations it may use: how an integration learns the ids to send as X-API-ORG (SPEC §5).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, StringEnum } from '../api/jsonapi.js';
import { NotFoundError } from '../errors.js';
import { listMembershipsOfUser } from './membership.repository.js';
import { userSource } from './user.resource.js';
import { findUserById } from './user.repository.js';

const MeDocument = Type.Object({
  data: Type.Object({
    type: Type.Literal('users'),
    id: Type.String(),
    attributes: Type.Object({ email: Type.String(), name: Type.String() }),
  }),
  meta: Type.Object({
    grant_type: StringEnum(['authorization_code', 'client_credentials'] as const),
    integration: Type.Object({ id: Type.String(), name: Type.String(), kind: Type.String() }),
    scopes: Type.Array(Type.String()),
    organizations: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: Type.String() })),
  }),
});

export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  // Users are included as the owners of records and the authors of notes.
  app.resources.add(userSource);
  app.get(
    '/v2/me',
    {
      config: { scope: 'crm_read', organization: false },
      schema: {
        tags: ['Account'],
        summary: 'Who this token acts for',
        description:
          'The user, the integration, the scopes and the organizations this token may use. No X-API-ORG needed.',
        security: [{ bearer: [] }],
        response: { 200: MeDocument, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.apiAuth;
      const user = await findUserById(db, token.userId);
      if (!user) throw new NotFoundError('The user of this token no longer exists.');
      const granted = new Set(token.organizationIds);
      const organizations = (await listMembershipsOfUser(db, user.id))
        .filter((m) => granted.has(m.organizationId))
        .map((m) => ({ id: m.organizationId, name: m.organizationName, role: m.role }));
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: { type: 'users' as const, id: user.id, attributes: { email: user.email, name: user.name } },
        meta: {
          grant_type: token.grantType,
          integration: { id: token.integrationId, name: token.integrationName, kind: token.integrationKind },
          scopes: token.scopes,
          organizations,
        },
      };
    },
  );
};
