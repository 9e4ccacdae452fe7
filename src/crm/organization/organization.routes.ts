/**
 * GET and PATCH /v2/organization (SPEC §12): the X-API-ORG organization's own settings. Every
 * member reads them (crm_read); its admins change them (crm_manage), honouring If-Match.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { noneMatch } from '../data/etag.js';
import { refuseUnreadable } from '../../api/input-problems.js';
import { errorResponses, JSONAPI_MEDIA_TYPE, singleDocument } from '../../api/jsonapi.js';
import { ApiHeaders, ChangeHeaders, MANAGE_SECURITY, READ_SECURITY } from '../../api/route-schemas.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { write } from '../../writes/unit-of-work.js';
import { checkOrganization } from './organization-rules.js';
import { updateOrganization } from './organization.commands.js';
import { findOrganization, organizationVersion } from './organization.reads.js';
import type { OrganizationValue } from './organization.codec.js';
import { mailboxOf } from '../../mail/inbound/mailbox-store.js';
import { mailboxView } from '../../mail/inbound/mailbox-settings.js';
import {
  OrganizationResource,
  organizationResource,
  OrganizationUpdateBody,
} from './organization.resource.js';

const PATH = '/v2/organization';

export const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  // A mailbox's change of state moves the organization's version too (mailbox-state.ts).
  const send = async (reply: FastifyReply, organization: OrganizationValue) => {
    const mailbox = await mailboxOf(db, organization.id);
    const document = {
      data: organizationResource(organization, config.baseUrl, mailbox ? mailboxView(mailbox) : null),
      links: { self: `${config.baseUrl}${PATH}` },
    };
    return reply.type(JSONAPI_MEDIA_TYPE).header('ETag', organizationVersion(organization)).send(document);
  };

  app.get(
    PATH,
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: ['Organization'],
        summary: 'The organization’s settings',
        description:
          'Name, time zone and currency of the X-API-ORG organization. Needs crm_read. Returns an ETag.',
        security: READ_SECURITY,
        headers: ApiHeaders,
        response: {
          200: singleDocument(OrganizationResource),
          304: Type.Null(),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const found = await findOrganization(app.ctx, request.apiAuth.organizationId);
      if (!found) throw new NotFoundError();
      if (!noneMatch(request.headers['if-none-match'], found.version)) {
        return (reply as FastifyReply).code(304).header('ETag', found.version).send();
      }
      return send(reply as FastifyReply, found.value);
    },
  );

  app.patch(
    PATH,
    {
      config: { scope: 'crm_manage', textRules: true },
      attachValidation: true,
      schema: {
        tags: ['Organization'],
        summary: 'Change the organization’s settings',
        description: 'Organization admins only; needs crm_manage. Honours If-Match.',
        security: MANAGE_SECURITY,
        headers: ChangeHeaders,
        body: OrganizationUpdateBody,
        response: {
          200: singleDocument(OrganizationResource),
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const input = (document: unknown) =>
        (document as Static<typeof OrganizationUpdateBody>).data.attributes ?? {};
      await refuseUnreadable(request, async (readable) => checkOrganization(input(readable)).problems);
      if (request.body.data.id !== auth.organizationId) {
        throw new ConflictError('data.id must be the id of the X-API-ORG organization.', 'id_mismatch', {
          pointer: '/data/id',
        });
      }
      const change = {
        ifMatch: request.headers['if-match'],
        input: input(request.body),
        allowPlainMailbox: config.webhookAllowPrivateNetworks,
      };
      return send(
        reply as FastifyReply,
        await write(request.ctx.app.writer, auth, updateOrganization, change),
      );
    },
  );
};
