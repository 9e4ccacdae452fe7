/**
 * Settings → Integrations (organization admins): create, edit, rotate the secret of and delete
 * integrations. Services validate; their field-aware errors are shown beside the fields.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import { ValidationError } from '../../errors.js';
import { listMembersOfOrganization, type Membership } from '../../identity/membership.repository.js';
import {
  deleteIntegration,
  rotateClientSecret,
  updateIntegration,
} from '../../integrations/integration-settings.service.js';
import {
  findIntegration,
  type Integration,
  listIntegrationsOfOrganization,
} from '../../integrations/integration.repository.js';
import { createIntegration } from '../../integrations/integration.service.js';
import { FormBody, formList, formText, sendPage } from '../forms.js';
import { HtmlError } from '../html-error.js';
import {
  type IntegrationFormView,
  integrationFormPage,
  integrationsListPage,
  secretPage,
} from './integrations.page.js';
import { adminOrganization, adminsOnly, settingsFrame, type Visitor, visitor } from './visitor.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const NOTICES: Record<string, string> = {
  saved: 'Changes saved.',
  deleted: 'Integration deleted; its tokens no longer work.',
};

/** Field → message, when the service refused the input; anything else is not the form's to show. */
function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ValidationError) return error.fieldMessages();
  throw error;
}

export const integrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function administeredIntegration(
    v: Visitor,
    id: string,
  ): Promise<{ integration: Integration; organization: Membership }> {
    const integration = await findIntegration(db, id);
    const organization =
      integration && v.memberships.find((m) => m.organizationId === integration.organizationId);
    if (!integration || !organization) throw new HtmlError(404, 'Not found', 'There is no such integration.');
    if (organization.role !== 'admin') throw adminsOnly();
    return { integration, organization };
  }

  async function renderForm(
    reply: FastifyReply,
    v: Visitor,
    view: Omit<IntegrationFormView, 'members'>,
    status = 200,
  ) {
    const members = await listMembersOfOrganization(db, view.organization.organizationId);
    const frame = await settingsFrame(reply, v, 'integrations');
    return sendPage(reply, integrationFormPage(frame, { ...view, members }), status);
  }

  app.get(
    '/settings/integrations',
    {
      schema: {
        querystring: Type.Object({ org: Type.Optional(Type.String()), notice: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const v = await visitor(request);
      const organization = adminOrganization(v, request.query.org);
      const integrations = await listIntegrationsOfOrganization(db, organization.organizationId);
      const frame = await settingsFrame(reply, v, 'integrations');
      const notice = NOTICES[request.query.notice ?? ''];
      return sendPage(reply, integrationsListPage(frame, organization, v.adminOf, integrations, notice));
    },
  );

  app.get(
    '/settings/integrations/new',
    { schema: { querystring: Type.Object({ org: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const organization = adminOrganization(v, request.query.org);
      const values = {
        name: '',
        kind: 'public',
        redirectUris: '',
        scopes: ['crm_read', 'crm_manage'],
        owner: v.user.email,
      };
      return renderForm(reply, v, { organization, values, errors: {} });
    },
  );

  app.post(
    '/settings/integrations',
    { preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const form = request.body;
      const organization = adminOrganization(v, formText(form, 'org'));
      const values = {
        name: formText(form, 'name'),
        kind: formText(form, 'kind'),
        redirectUris: formText(form, 'redirect_uris'),
        scopes: formList(form, 'scopes'),
        owner: formText(form, 'owner'),
      };
      try {
        const created = await createIntegration(db, {
          organizationId: organization.organizationId,
          name: values.name,
          kind: values.kind,
          redirectUris: values.redirectUris.split(/\r?\n/).filter((u) => u.trim() !== ''),
          scopes: values.scopes.join(' ') || ' ',
          ownerEmail: values.kind === 'private' ? values.owner || undefined : undefined,
        });
        const frame = await settingsFrame(reply, v, 'integrations');
        return sendPage(reply, secretPage(frame, created.integration, created.clientSecret, false));
      } catch (error) {
        return renderForm(reply, v, { organization, values, errors: fieldErrors(error) }, 422);
      }
    },
  );

  app.get('/settings/integrations/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const v = await visitor(request);
    const { integration, organization } = await administeredIntegration(v, request.params.id);
    const values = {
      name: integration.name,
      kind: integration.kind,
      redirectUris: integration.redirectUris.join('\n'),
      scopes: integration.scopes,
      owner: '',
    };
    return renderForm(reply, v, { organization, integration, values, errors: {} });
  });

  app.post(
    '/settings/integrations/:id',
    { preHandler: app.csrfProtection, schema: { params: IdParams, body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization } = await administeredIntegration(v, request.params.id);
      const form = request.body;
      const values = {
        name: integration.name,
        kind: integration.kind,
        redirectUris: formText(form, 'redirect_uris'),
        scopes: formList(form, 'scopes'),
        owner: '',
      };
      try {
        await updateIntegration(db, integration, {
          redirectUris: values.redirectUris.split(/\r?\n/),
          scopes: values.scopes.join(' ') || ' ',
        });
      } catch (error) {
        return renderForm(reply, v, { organization, integration, values, errors: fieldErrors(error) }, 422);
      }
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=saved`, 303);
    },
  );

  app.post(
    '/settings/integrations/:id/rotate-secret',
    { preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration } = await administeredIntegration(v, request.params.id);
      const secret = await rotateClientSecret(db, integration);
      const frame = await settingsFrame(reply, v, 'integrations');
      return sendPage(reply, secretPage(frame, integration, secret, true));
    },
  );

  app.post(
    '/settings/integrations/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization } = await administeredIntegration(v, request.params.id);
      await deleteIntegration(db, integration);
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=deleted`, 303);
    },
  );
};
