/**
 * Integration settings (organization admins) and Connected apps (every user): server-rendered,
 * CSRF-protected forms on the sign-in session. Admin actions are checked on every request, not
 * just hidden from members.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors.js';
import {
  listMembershipsOfUser,
  listMembersOfOrganization,
  type Membership,
} from '../identity/membership.repository.js';
import type { User } from '../identity/user.repository.js';
import {
  deleteIntegration,
  rotateClientSecret,
  updateIntegration,
} from '../integrations/integration-settings.service.js';
import {
  findIntegration,
  type Integration,
  listIntegrationsOfOrganization,
} from '../integrations/integration.repository.js';
import { createIntegration } from '../integrations/integration.service.js';
import { HtmlError } from '../interaction/html-error.js';
import { currentUser } from '../interaction/session.js';
import { disconnectApp, listConnectedApps } from '../oauth/connected-apps.js';
import { connectedAppsPage } from './pages/connected-apps.js';
import {
  integrationFormPage,
  integrationsListPage,
  secretPage,
  type IntegrationFormView,
} from './pages/integrations.js';
import type { SettingsFrame } from './pages/settings-layout.js';
import { SignInRequired } from './sign-in-required.js';

const FormBody = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));
type Form = Record<string, string | string[]>;
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const text = (form: Form, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};
const list = (form: Form, name: string): string[] => [form[name] ?? []].flat();

interface Visitor {
  user: User;
  memberships: Membership[];
  adminOf: Membership[];
}

/** Field errors from a service's ValidationError (its pointer names the field). */
function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  const field = error.source?.pointer?.split('/')[1] ?? 'name';
  return { [field === 'org' ? 'name' : field]: error.detail };
}

export const settingsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const config = { errorStyle: 'html' as const };

  async function visitor(request: FastifyRequest): Promise<Visitor> {
    const user = await currentUser(db, request);
    if (!user) throw new SignInRequired(request.url);
    const memberships = await listMembershipsOfUser(db, user.id);
    return { user, memberships, adminOf: memberships.filter((m) => m.role === 'admin') };
  }

  async function frame(
    reply: FastifyReply,
    v: Visitor,
    current: SettingsFrame['current'],
  ): Promise<SettingsFrame> {
    return {
      email: v.user.email,
      csrfToken: await reply.generateCsrf(),
      isAdmin: v.adminOf.length > 0,
      current,
    };
  }

  function adminOrganization(v: Visitor, organizationId: string | undefined): Membership {
    const organization = organizationId
      ? v.adminOf.find((m) => m.organizationId === organizationId)
      : v.adminOf[0];
    if (!organization) {
      throw new HtmlError(
        403,
        'Administrators only',
        'Only administrators of an organization manage its integrations.',
      );
    }
    return organization;
  }

  async function administeredIntegration(
    v: Visitor,
    id: string,
  ): Promise<{ integration: Integration; organization: Membership }> {
    const integration = await findIntegration(db, id);
    const organization =
      integration && v.memberships.find((m) => m.organizationId === integration.organizationId);
    if (!integration || !organization) throw new HtmlError(404, 'Not found', 'There is no such integration.');
    if (organization.role !== 'admin') {
      throw new HtmlError(
        403,
        'Administrators only',
        'Only administrators of an organization manage its integrations.',
      );
    }
    return { integration, organization };
  }

  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');

  app.get('/settings', { config }, async (request, reply) => {
    const v = await visitor(request);
    return reply.redirect(v.adminOf.length > 0 ? '/settings/integrations' : '/settings/connected-apps', 303);
  });

  app.get(
    '/settings/integrations',
    {
      config,
      schema: {
        querystring: Type.Object({ org: Type.Optional(Type.String()), notice: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const v = await visitor(request);
      const organization = adminOrganization(v, request.query.org);
      const integrations = await listIntegrationsOfOrganization(db, organization.organizationId);
      const notices: Record<string, string> = {
        saved: 'Changes saved.',
        deleted: 'Integration deleted; its tokens no longer work.',
      };
      html(reply);
      return integrationsListPage(
        await frame(reply, v, 'integrations'),
        organization,
        v.adminOf,
        integrations,
        notices[request.query.notice ?? ''],
      );
    },
  );

  async function renderForm(
    reply: FastifyReply,
    v: Visitor,
    view: Omit<IntegrationFormView, 'members'>,
    status = 200,
  ) {
    const members = await listMembersOfOrganization(db, view.organization.organizationId);
    reply.code(status);
    html(reply);
    return integrationFormPage(await frame(reply, v, 'integrations'), { ...view, members });
  }

  app.get(
    '/settings/integrations/new',
    { config, schema: { querystring: Type.Object({ org: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const organization = adminOrganization(v, request.query.org);
      return renderForm(reply, v, {
        organization,
        values: {
          name: '',
          kind: 'public',
          redirectUris: '',
          scopes: ['crm_read', 'crm_manage'],
          owner: v.user.email,
        },
        errors: {},
      });
    },
  );

  app.post(
    '/settings/integrations',
    { config, preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const form = request.body;
      const organization = adminOrganization(v, text(form, 'org'));
      const values = {
        name: text(form, 'name'),
        kind: text(form, 'kind'),
        redirectUris: text(form, 'redirect_uris'),
        scopes: list(form, 'scopes'),
        owner: text(form, 'owner'),
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
        html(reply);
        return secretPage(
          await frame(reply, v, 'integrations'),
          created.integration,
          created.clientSecret,
          false,
        );
      } catch (error) {
        const errors = fieldErrors(error);
        if (!errors) throw error;
        return renderForm(reply, v, { organization, values, errors }, 422);
      }
    },
  );

  app.get('/settings/integrations/:id', { config, schema: { params: IdParams } }, async (request, reply) => {
    const v = await visitor(request);
    const { integration, organization } = await administeredIntegration(v, request.params.id);
    return renderForm(reply, v, {
      organization,
      integration,
      values: {
        name: integration.name,
        kind: integration.kind,
        redirectUris: integration.redirectUris.join('\n'),
        scopes: integration.scopes,
        owner: '',
      },
      errors: {},
    });
  });

  app.post(
    '/settings/integrations/:id',
    { config, preHandler: app.csrfProtection, schema: { params: IdParams, body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization } = await administeredIntegration(v, request.params.id);
      const form = request.body;
      const values = {
        name: integration.name,
        kind: integration.kind,
        redirectUris: text(form, 'redirect_uris'),
        scopes: list(form, 'scopes'),
        owner: '',
      };
      try {
        await updateIntegration(db, integration, {
          redirectUris: values.redirectUris.split(/\r?\n/),
          scopes: values.scopes.join(' ') || ' ',
        });
      } catch (error) {
        const errors = fieldErrors(error);
        if (!errors) throw error;
        return renderForm(reply, v, { organization, integration, values, errors }, 422);
      }
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=saved`, 303);
    },
  );

  app.post(
    '/settings/integrations/:id/rotate-secret',
    { config, preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration } = await administeredIntegration(v, request.params.id);
      const secret = await rotateClientSecret(db, integration);
      html(reply);
      return secretPage(await frame(reply, v, 'integrations'), integration, secret, true);
    },
  );

  app.post(
    '/settings/integrations/:id/delete',
    { config, preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization } = await administeredIntegration(v, request.params.id);
      await deleteIntegration(db, integration);
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=deleted`, 303);
    },
  );

  app.get(
    '/settings/connected-apps',
    { config, schema: { querystring: Type.Object({ notice: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const apps = await listConnectedApps(db, v.user.id);
      html(reply);
      const notice =
        request.query.notice === 'revoked'
          ? 'Access revoked; that app can no longer act for you.'
          : undefined;
      return connectedAppsPage(await frame(reply, v, 'connected-apps'), apps, v.memberships, notice);
    },
  );

  app.post(
    '/settings/connected-apps/:id/revoke',
    { config, preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      await disconnectApp(db, v.user.id, request.params.id);
      return reply.redirect('/settings/connected-apps?notice=revoked', 303);
    },
  );
};
