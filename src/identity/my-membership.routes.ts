/**
 * GET and PATCH /v2/me/memberships/{organization_id} (SPEC §18): the caller's own membership of
 * an organization their credentials may use — its role, which only an admin changes elsewhere,
 * and their choice of task e-mails, which only they change. Shaped as GitHub's
 * /user/memberships/orgs/{org}: the organization is named in the path (no X-API-ORG needed, as on
 * /v2/me), and the user is always the caller, so nobody else's membership can be named at all.
 * The organizations are those /v2/me lists (credential-organizations.ts); any other is a 404.
 * Reading needs crm_read; changing needs crm_manage and is the unit of work's setTaskEmails.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { refuseUnreadable } from '../api/input-problems.js';
import {
  errorResponses,
  JSONAPI_MEDIA_TYPE,
  resourceSchema,
  singleDocument,
  StringEnum,
} from '../api/jsonapi.js';
import { changes, updateDocument } from '../api/request-documents.js';
import { MANAGE_SECURITY, READ_SECURITY } from '../api/route-schemas.js';
import type { ApiAuth } from '../api/api-auth.js';
import { memberTaskEmails, setTaskEmails, TASK_EMAILS, type TaskEmails } from '../crm/tasks/index.js';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { write } from '../writes/unit-of-work.js';
import { staffActor } from '../policy/actor.js';
import { organizationsOf } from './credential-organizations.js';
import type { Role } from './identity.table.js';

const TASK_EMAILS_WORDS =
  'The e-mails about their tasks the user takes there: each (when someone else gives them a task, and at its due time), one digest at 08:00 in the venue’s zone, or off';

const Params = Type.Object({
  organization_id: Type.String({
    maxLength: 64,
    description: 'The id of an organization these credentials may use (GET /v2/me lists them)',
  }),
});

const MembershipResource = resourceSchema(
  'memberships',
  Type.Object({
    role: StringEnum(['admin', 'member'] as const, 'The user’s role there; organization admins change it'),
    task_emails: StringEnum(TASK_EMAILS, TASK_EMAILS_WORDS),
  }),
  { organization: 'organizations', user: 'users' },
);

const MembershipUpdateBody = updateDocument('memberships', {
  attributes: changes(Type.Object({ task_emails: StringEnum(TASK_EMAILS, TASK_EMAILS_WORDS) })),
});

const PATH = '/v2/me/memberships/:organization_id';

/** The organization, when the credentials may use it and the caller is still its member. */
async function usableOrganization(db: Db, auth: ApiAuth, organizationId: string) {
  const found = (await organizationsOf(db, auth)).find((o) => o.id === organizationId);
  if (!found)
    throw new NotFoundError('These credentials may use no organization with this id (see GET /v2/me).');
  return { id: found.id, role: found.role as Role };
}

export const myMembershipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const send = (reply: FastifyReply, auth: ApiAuth, of: { id: string; role: Role }, taskEmails: TaskEmails) =>
    reply.type(JSONAPI_MEDIA_TYPE).send({
      data: {
        type: 'memberships',
        id: of.id,
        attributes: { role: of.role, task_emails: taskEmails },
        relationships: {
          organization: { data: { type: 'organizations', id: of.id } },
          user: { data: { type: 'users', id: auth.userId } },
        },
      },
      links: { self: `${config.baseUrl}/v2/me/memberships/${of.id}` },
    });
  const current = async (auth: ApiAuth, organizationId: string) =>
    (await memberTaskEmails(db, organizationId, auth.userId)) ?? 'each';

  app.get(
    PATH,
    {
      config: { scope: 'crm_read', organization: false },
      schema: {
        tags: ['Account'],
        summary: 'Your membership of an organization',
        description:
          'The caller’s own role and choice of task e-mails in an organization GET /v2/me lists. No X-API-ORG needed. Needs crm_read.',
        security: READ_SECURITY,
        params: Params,
        response: { 200: singleDocument(MembershipResource), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const organization = await usableOrganization(db, auth, request.params.organization_id);
      return send(reply as FastifyReply, auth, organization, await current(auth, organization.id));
    },
  );

  app.patch(
    PATH,
    {
      config: { scope: 'crm_manage', organization: false },
      attachValidation: true,
      schema: {
        tags: ['Account'],
        summary: 'Change your membership of an organization',
        description:
          'The caller chooses their own task e-mails there (each, digest or off); the role is read only. No X-API-ORG needed. Needs crm_manage.',
        security: MANAGE_SECURITY,
        params: Params,
        body: MembershipUpdateBody,
        response: {
          200: singleDocument(MembershipResource),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const organization = await usableOrganization(db, auth, request.params.organization_id);
      await refuseUnreadable(request, async () => []);
      if (request.body.data.id !== organization.id) {
        throw new ConflictError('data.id must be the organization_id of the path.', 'id_mismatch', {
          pointer: '/data/id',
        });
      }
      const chosen = request.body.data.attributes?.task_emails;
      const actor = staffActor({
        organizationId: organization.id,
        userId: auth.userId,
        role: organization.role,
        door: 'api',
        scopes: auth.scopes,
      });
      const taskEmails =
        chosen === undefined
          ? await current(auth, organization.id)
          : await write(request.ctx.app.writer, actor, setTaskEmails, { taskEmails: chosen });
      return send(reply as FastifyReply, auth, organization, taskEmails);
    },
  );
};
