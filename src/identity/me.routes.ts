/**
 * GET /v2/me: who the token acts for, through which integration, with which scopes, and the
 * organizations it may use: how an integration learns the ids to send as X-API-ORG (SPEC §5). An
 * API key (SPEC §15) says so in `grant_type`, and stands in the integration's place.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, StringEnum } from '../api/jsonapi.js';
import { NotFoundError } from '../errors.js';
import { organizationsOf } from './credential-organizations.js';
import { userSource } from './user.resource.js';
import { findUserById } from './user.repository.js';

const MeDocument = Type.Object({
  data: Type.Object({
    type: Type.Literal('users'),
    id: Type.String(),
    attributes: Type.Object({ email: Type.String(), name: Type.String() }),
  }),
  meta: Type.Object({
    grant_type: StringEnum(['authorization_code', 'client_credentials', 'api_key'] as const),
    integration: Type.Object(
      { id: Type.String(), name: Type.String(), kind: Type.String() },
      { description: 'The integration the token was issued to; for an API key, the key (kind "api_key")' },
    ),
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
          'The user, the integration (or API key), the scopes and the organizations these credentials may use. No X-API-ORG needed.',
        security: [{ bearer: [] }, { apiKey: [] }],
        response: { 200: MeDocument, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const user = await findUserById(db, auth.userId);
      if (!user) throw new NotFoundError('The user of this token no longer exists.');
      const { credential } = auth;
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: { type: 'users' as const, id: user.id, attributes: { email: user.email, name: user.name } },
        meta: {
          ...(credential.kind === 'token'
            ? {
                grant_type: credential.token.grantType,
                integration: {
                  id: credential.token.integrationId,
                  name: credential.token.integrationName,
                  kind: credential.token.integrationKind,
                },
              }
            : {
                grant_type: 'api_key' as const,
                integration: { id: credential.key.id, name: credential.key.name, kind: 'api_key' },
              }),
          scopes: [...auth.scopes],
          organizations: await organizationsOf(db, auth),
        },
      };
    },
  );
};
