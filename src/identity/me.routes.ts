/**
 * GET /v2/me: who the token acts for, through which integration, with which scopes, and the
 * organizations it may use: how an integration learns the ids to send as X-API-ORG (SPEC §5), and
 * the user's choice of task e-mails in each (SPEC §18). An
 * API key (SPEC §15) says so in `grant_type`, and stands in the integration's place.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, StringEnum } from '../api/jsonapi.js';
import { NotFoundError } from '../errors.js';
import type { Db } from '../db/database.js';
import { TASK_EMAILS, taskEmailsOf } from '../crm/tasks/index.js';
import { organizationsOf, type UsableOrganization } from './credential-organizations.js';
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
    organizations: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        role: Type.String(),
        task_emails: StringEnum(
          TASK_EMAILS,
          'The e-mails about their tasks the user takes there: each (assignment and due time), a digest at 08:00 in the venue’s zone, or off; chosen in the workspace (Settings → Task e-mails) or by PATCH /v2/me/memberships/{organization_id}',
        ),
      }),
    ),
  }),
});

/** Each organization with the user's choice of task e-mails there (src/crm/tasks/task-emails.ts). */
async function withTaskEmails(db: Db, userId: string, organizations: readonly UsableOrganization[]) {
  const rows = await db
    .selectFrom('memberships')
    .select(['organization_id', 'task_emails'])
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((row) => [row.organization_id, taskEmailsOf(row.task_emails)]));
  return organizations.map((o) => ({ ...o, task_emails: chosen.get(o.id) ?? taskEmailsOf(undefined) }));
}

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
          organizations: await withTaskEmails(db, auth.userId, await organizationsOf(db, auth)),
        },
      };
    },
  );
};
