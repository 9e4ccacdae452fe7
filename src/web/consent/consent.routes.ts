/**
 * The authorization endpoint's pages (RFC 6749 §4.1.1–4.1.2). GET validates the request with the
 * protocol's own rules (src/oauth/authorize), sends the user to sign in when needed and shows the
 * consent page; the consent form POSTs back here, is validated again, and ends in a 303 to the
 * client with `code`, `state` and `iss` (RFC 9207), or `error=access_denied`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import { policyAllowingFormTarget } from '../../http/security-headers.js';
import { listMembershipsOfUser, type Membership } from '../../identity/membership.repository.js';
import type { User } from '../../identity/user.repository.js';
import {
  type AuthorizeRequest,
  type AuthorizeValidation,
  redirectWith,
  validateAuthorizeRequest,
} from '../../oauth/authorize/authorize-request.js';
import { issueAuthorizationCode } from '../../oauth/authorize/issue-code.js';
import { organizationsAcceptingAssistants } from '../../oauth/assistant-registration.js';
import { FormBody, formList, sendPage } from '../forms.js';
import { HtmlError } from '../html-error.js';
import { currentUser } from '../session/session.js';
import { consentPage } from './consent.page.js';

export const consentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  /** Page errors are shown; redirectable errors go back to the client (never before its URI is verified). */
  function settle(validation: Exclude<AuthorizeValidation, { kind: 'valid' }>, reply: FastifyReply) {
    if (validation.kind === 'page')
      throw new HtmlError(400, 'This sign-in link cannot be used', validation.message);
    const target = redirectWith(validation.redirectUri, {
      error: validation.error,
      error_description: validation.description,
      state: validation.state,
      iss: config.baseUrl,
    });
    return reply.redirect(target, 303);
  }

  async function showConsent(
    reply: FastifyReply,
    request: AuthorizeRequest,
    user: User,
    memberships: readonly Membership[],
    checked: readonly string[],
    error?: string,
  ) {
    reply.header('Content-Security-Policy', policyAllowingFormTarget(new URL(request.redirectUri).origin));
    // It carries a CSRF token and the request's state: no browser or proxy cache may keep it.
    reply.header('Cache-Control', 'no-store');
    const csrfToken = reply.generateCsrf();
    const page = consentPage({
      integrationName: request.integration.name,
      scopes: request.scopes,
      params: request.params,
      memberships,
      checkedOrganizationIds: checked,
      csrfToken,
      userEmail: user.email,
      oneOrganization: request.resource !== undefined,
      selfRegistered: request.selfRegistered,
      error,
    });
    return sendPage(reply, page, error ? 422 : 200);
  }

  /** The user's organizations this app may be granted (a self-registered one: where its admins allow it). */
  async function requireMemberships(user: User, authorize: AuthorizeRequest): Promise<Membership[]> {
    const all = await listMembershipsOfUser(db, user.id);
    const accepting = authorize.selfRegistered
      ? await organizationsAcceptingAssistants(
          db,
          all.map((m) => m.organizationId),
        )
      : undefined;
    const memberships = accepting ? all.filter((m) => accepting.has(m.organizationId)) : all;
    if (all.length > 0 && memberships.length === 0) {
      throw new HtmlError(
        403,
        'Assistants that register themselves are turned off',
        'The admins of your organizations have turned off assistants that register themselves (Settings → Developers).',
      );
    }
    if (memberships.length === 0) {
      throw new HtmlError(
        403,
        'No organization to share',
        'Your account does not belong to any organization yet.',
      );
    }
    return memberships;
  }

  app.get(
    '/oauth/authorize',
    {
      schema: {
        tags: ['OAuth'],
        summary: 'Start the authorization code grant (served on AUTH_URL)',
        security: [],
        description:
          'Shows sign-in and consent, then redirects to redirect_uri with code, state and iss. ' +
          'Scopes may be separated by commas, spaces or +.',
        querystring: Type.Object({
          client_id: Type.Optional(Type.String()),
          redirect_uri: Type.Optional(Type.String()),
          scope: Type.Optional(Type.String()),
          response_type: Type.Optional(Type.String({ enum: ['code'] })),
          state: Type.Optional(Type.String()),
          code_challenge: Type.Optional(Type.String()),
          code_challenge_method: Type.Optional(Type.String({ enum: ['S256'] })),
          resource: Type.Optional(Type.String({ description: 'RFC 8707: the MCP server, for an assistant' })),
        }),
      },
      // Validation is the protocol's own (errors must redirect or render), not the schema's.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const validation = await validateAuthorizeRequest(db, config, request.query as Record<string, unknown>);
      if (validation.kind !== 'valid') return settle(validation, reply);
      const user = await currentUser(request);
      if (!user) return reply.redirect(`/sign-in?return_to=${encodeURIComponent(request.url)}`, 303);
      const memberships = await requireMemberships(user, validation.request);
      const all = memberships.map((m) => m.organizationId);
      return showConsent(
        reply,
        validation.request,
        user,
        memberships,
        validation.request.resource === undefined ? all : all.slice(0, 1),
      );
    },
  );

  app.post(
    '/oauth/authorize',
    { preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const body = request.body;
      const validation = await validateAuthorizeRequest(db, config, body);
      if (validation.kind !== 'valid') return settle(validation, reply);
      const authorize = validation.request;
      const user = await currentUser(request);
      if (!user) {
        const query = new URLSearchParams(authorize.params as Record<string, string>).toString();
        return reply.redirect(`/sign-in?return_to=${encodeURIComponent(`/oauth/authorize?${query}`)}`, 303);
      }
      const back = (params: Record<string, string | undefined>) =>
        reply.redirect(
          redirectWith(authorize.redirectUri, { ...params, state: authorize.state, iss: config.baseUrl }),
          303,
        );

      if (body.decision === 'deny') {
        return back({ error: 'access_denied', error_description: 'The user denied the request.' });
      }
      if (body.decision !== 'approve') throw new HtmlError(400, 'No decision', 'Choose Approve or Deny.');

      const memberships = await requireMemberships(user, authorize);
      const chosen = formList(body, 'organization_id');
      const memberOf = new Set(memberships.map((m) => m.organizationId));
      const organizationIds = [...new Set(chosen)].filter((id) => memberOf.has(id));
      const one = authorize.resource !== undefined;
      if (
        organizationIds.length === 0 ||
        organizationIds.length !== new Set(chosen).size ||
        (one && organizationIds.length !== 1)
      ) {
        return showConsent(
          reply,
          authorize,
          user,
          memberships,
          one ? organizationIds.slice(0, 1) : organizationIds,
          one ? 'Choose one of your organizations.' : 'Choose at least one of your organizations.',
        );
      }

      const code = await issueAuthorizationCode(request.ctx, authorize, user.id, organizationIds);
      return back({ code });
    },
  );
};
