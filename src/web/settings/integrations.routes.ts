/**
 * Settings → Integrations (whom the policy lets manage them: admins): list, create and edit integrations; an
 * integration's page also shows a new secret once and its webhooks. Services validate; their
 * field-aware errors are shown beside the fields. Rotating, deleting and resending live in
 * integration-actions.routes.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { Refusal } from '../../writes/refusal.js';
import { attempt } from '../../writes/unit-of-work.js';
import { html } from '../html.js';
import { listMembersOfOrganization } from '../../identity/membership.repository.js';
import {
  createIntegrationCommand,
  updateIntegrationCommand,
} from '../../integrations/integration.commands.js';
import { integrationWebhooks } from '../../integrations/integration-webhooks.js';
import { listIntegrationsOfOrganization } from '../../integrations/integration.repository.js';
import { appSecret } from '../../db/app-secrets.js';
import { FormBody, formList, formText, sendPage } from '../forms.js';
import { integrationActionsRoutes } from './integration-actions.routes.js';
import { integrationEndpointsRoutes } from './integration-endpoints.routes.js';
import { dangerSection, newSecretSection, webhooksSection } from './integration-sections.js';
import { type IntegrationFormView, integrationFormPage, integrationsListPage } from './integrations.page.js';
import { SecretFlashes } from './secret-flash.js';
import { INTEGRATION_ACTIONS } from '../../integrations/integration.policy.js';
import {
  managedIntegration,
  organizationToManage,
  readingLocaleHook,
  settingsFrame,
  type Visitor,
  visitor,
} from './visitor.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const NOTICES: Record<string, string> = {
  saved: 'Changes saved.',
  deleted: 'Integration deleted; its tokens no longer work.',
  resent: 'The delivery is queued again; it appears below once attempted.',
  'endpoint-on': 'The webhook endpoint is on again.',
  'endpoint-off': 'The webhook endpoint is off: it receives no changes until it is turned on.',
  'endpoint-deleted': 'The webhook endpoint is deleted.',
  'created-secretless':
    'Integration created without a client secret: the app sends its client id alone, and every authorization needs PKCE.',
};

/**
 * Field → message, when the service refused the input; any other refusal is not the form's to
 * show, but the settings pages' own error page's, as the error the API answers with.
 */
function fieldErrors(refusal: Refusal): Record<string, string> {
  if (refusal.problems.length > 0) return refusal.fieldMessages();
  throw refusal.asError();
}

export const integrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, clock } = app.ctx;
  app.addHook('onRequest', readingLocaleHook);
  const flashes = new SecretFlashes(
    await appSecret(db, 'secret-flash-key', clock.now()),
    config.authUrl.startsWith('https:'),
  );

  async function renderForm(
    reply: FastifyReply,
    v: Visitor,
    view: Omit<IntegrationFormView, 'members'>,
    status = 200,
  ) {
    const members = await listMembersOfOrganization(db, view.organization.organizationId);
    const frame = await settingsFrame(reply, v, 'integrations', view.organization.organizationId);
    const { integration } = view;
    const below =
      integration &&
      html`${webhooksSection(integration, await integrationWebhooks(db, integration), frame.csrfToken, frame.zone)}
        ${dangerSection(integration)}`;
    return sendPage(
      reply,
      integrationFormPage(frame, { ...view, members, ...(below ? { below } : {}) }),
      status,
    );
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
      const { organization } = organizationToManage(v, request.query.org);
      const integrations = await listIntegrationsOfOrganization(db, organization.organizationId);
      const frame = await settingsFrame(reply, v, 'integrations', organization.organizationId);
      const notice = NOTICES[request.query.notice ?? ''];
      return sendPage(reply, integrationsListPage(frame, organization, v.managing, integrations, notice));
    },
  );

  app.get(
    '/settings/integrations/new',
    { schema: { querystring: Type.Object({ org: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const { organization } = organizationToManage(v, request.query.org);
      const values = {
        name: '',
        kind: 'public',
        redirectUris: '',
        scopes: ['crm_read', 'crm_manage'],
        owner: v.user.email,
        requirePkce: false,
        noSecret: false,
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
      const { organization, actor } = organizationToManage(v, formText(form, 'org'));
      const values = {
        name: formText(form, 'name'),
        kind: formText(form, 'kind'),
        redirectUris: formText(form, 'redirect_uris'),
        scopes: formList(form, 'scopes'),
        owner: formText(form, 'owner'),
        requirePkce: formText(form, 'require_pkce') === 'on',
        noSecret: formText(form, 'no_secret') === 'on',
      };
      const created = await attempt(app.ctx.writer, actor, createIntegrationCommand, {
        name: values.name,
        kind: values.kind,
        redirectUris: values.redirectUris.split(/\r?\n/).filter((u) => u.trim() !== ''),
        scopes: values.scopes.join(' ') || ' ',
        ownerEmail: values.kind === 'private' ? values.owner || undefined : undefined,
        requirePkce: values.requirePkce,
        noSecret: values.noSecret,
      });
      if (!created.ok) {
        return renderForm(reply, v, { organization, values, errors: fieldErrors(created.refusal) }, 422);
      }
      // Post/redirect/get: a reload of the page that shows the secret creates nothing.
      const { integration, clientSecret } = created.value;
      if (clientSecret === null) {
        return reply.redirect(`/settings/integrations/${integration.id}?notice=created-secretless`, 303);
      }
      flashes.give(reply, integration.id, { secret: clientSecret, rotated: false }, request.ctx.now());
      return reply.redirect(`/settings/integrations/${integration.id}`, 303);
    },
  );

  app.get(
    '/settings/integrations/:id',
    { schema: { params: IdParams, querystring: Type.Object({ notice: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.update,
      );
      const values = {
        name: integration.name,
        kind: integration.kind,
        redirectUris: integration.redirectUris.join('\n'),
        scopes: integration.scopes,
        owner: '',
        requirePkce: integration.requirePkce,
        noSecret: integration.authMethod === 'none',
      };
      // This page may show a new secret: no copy of it is kept by any cache.
      reply.header('Cache-Control', 'no-store');
      const flash = flashes.take(request, reply, integration.id, request.ctx.now());
      const notice = NOTICES[request.query.notice ?? ''];
      const above = html`${flash ? newSecretSection(integration, flash) : ''}
        ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}`;
      return renderForm(reply, v, { organization, integration, values, errors: {}, above });
    },
  );

  app.post(
    '/settings/integrations/:id',
    { preHandler: app.csrfProtection, schema: { params: IdParams, body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.update,
      );
      const form = request.body;
      const values = {
        name: integration.name,
        kind: integration.kind,
        redirectUris: formText(form, 'redirect_uris'),
        scopes: formList(form, 'scopes'),
        owner: '',
        requirePkce: formText(form, 'require_pkce') === 'on',
        noSecret: integration.authMethod === 'none',
      };
      const updated = await attempt(app.ctx.writer, actor, updateIntegrationCommand, {
        id: integration.id,
        input: {
          redirectUris: values.redirectUris.split(/\r?\n/),
          scopes: values.scopes.join(' ') || ' ',
          requirePkce: values.requirePkce,
        },
      });
      if (!updated.ok) {
        const errors = fieldErrors(updated.refusal);
        return renderForm(reply, v, { organization, integration, values, errors }, 422);
      }
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=saved`, 303);
    },
  );

  await app.register(integrationActionsRoutes, { flashes });
  await app.register(integrationEndpointsRoutes);
};
