/**
 * The authorization server's protocol endpoints (SPEC §4): token, revocation, introspection,
 * token info and metadata. Requests are JSON (as the seed documents) or form-encoded (RFC 6749);
 * any other body is a 415. Every response of these endpoints is `Cache-Control: no-store`.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isoTime } from '../clock.js';
import { authenticateBearer } from './access-token.js';
import { invalidRequest, OAuthError } from './errors.js';
import { exchangeAuthorizationCode } from './grants/authorization-code.js';
import { issueClientCredentials } from './grants/client-credentials.js';
import type { Grant } from './grants/grant.js';
import { refreshTokens } from './grants/refresh-token.js';
import { describeToken, IntrospectionBody } from './introspection.js';
import { IssuanceBudget } from './issuance-budget.js';
import { authorizationServerMetadata, MetadataBody } from './metadata.js';
import { revokeToken } from './revocation.js';
import { authenticateClient, clientAuthThrottle } from './steps/client-auth.js';
import { OAuthErrorBody, TokenRequestBody, TokenResponseBody } from './token-request.js';
import { findPresentedToken, isTokenLive } from './token.repository.js';
import { registrationRoutes } from './registration/registration.routes.js';

const GRANTS: Readonly<Record<string, Grant>> = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: refreshTokens,
  client_credentials: issueClientCredentials,
};

/**
 * client_secret_basic, or (the empty requirement) client_id and client_secret as body parameters:
 * OpenAPI has no scheme for credentials in a request body (client_secret_post).
 */
const CLIENT_AUTH: Array<Record<string, string[]>> = [{ clientSecretBasic: [] }, {}];

const errors = {
  400: OAuthErrorBody,
  401: OAuthErrorBody,
  413: OAuthErrorBody,
  415: OAuthErrorBody,
  429: OAuthErrorBody,
};

const ClientAuthBody = Type.Object(
  {
    token: Type.Optional(Type.String({ maxLength: 4096 })),
    token_type_hint: Type.Optional(Type.String({ maxLength: 100 })),
    client_id: Type.Optional(Type.String({ maxLength: 4096 })),
    client_secret: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: true },
);

export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const throttle = clientAuthThrottle(app.ctx.clock);
  const issuance = new IssuanceBudget(config.rateLimitPerMinute, app.ctx.clock);
  // Only JSON and form bodies here (SPEC §4); the API's JSON:API type and text are not accepted.
  app.removeContentTypeParser(['application/vnd.api+json', 'text/plain']);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Pragma', 'no-cache');
    done(null, payload);
  });
  const oauthConfig = { errorStyle: 'oauth' as const };
  await app.register(registrationRoutes);

  app.post(
    '/oauth/token',
    {
      config: oauthConfig,
      schema: {
        tags: ['OAuth'],
        summary: 'Exchange a grant for tokens',
        description:
          'authorization_code, refresh_token or client_credentials. JSON or form body; client authentication by ' +
          'client_id and client_secret in the body, or HTTP Basic.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        security: CLIENT_AUTH,
        body: TokenRequestBody,
        response: { 200: TokenResponseBody, ...errors },
      },
    },
    async (request) => {
      const params = request.body;
      const client = await authenticateClient(request.ctx, throttle, request, params);
      if (!params.grant_type) throw invalidRequest('grant_type is required.');
      const grant = Object.hasOwn(GRANTS, params.grant_type) ? GRANTS[params.grant_type] : undefined;
      if (!grant) {
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          `The grant type "${params.grant_type}" is not supported.`,
        );
      }
      if (params.grant_type === 'client_credentials') issuance.take(client.id);
      const tokens = await grant(request.ctx, client, params);
      app.ctx.metrics.tokensIssued.inc({ grant: params.grant_type });
      return tokens;
    },
  );

  app.post(
    '/oauth/revoke',
    {
      config: oauthConfig,
      schema: {
        tags: ['OAuth'],
        summary: 'Revoke an access or refresh token (RFC 7009)',
        description: 'Revokes the token and every token of its grant. Unknown tokens also answer 200.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        security: CLIENT_AUTH,
        body: ClientAuthBody,
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      const client = await authenticateClient(request.ctx, throttle, request, request.body);
      await revokeToken(db, client, request.body.token, isoTime(request.ctx.now()));
      return {};
    },
  );

  app.post(
    '/oauth/introspect',
    {
      config: oauthConfig,
      schema: {
        tags: ['OAuth'],
        summary: 'Describe a token (RFC 7662)',
        description: "Open to the token's own client; any other token is reported inactive.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        security: CLIENT_AUTH,
        body: ClientAuthBody,
        response: { 200: IntrospectionBody, ...errors },
      },
    },
    async (request) => {
      const client = await authenticateClient(request.ctx, throttle, request, request.body);
      if (!request.body.token) throw invalidRequest('token is required.');
      const token = await findPresentedToken(db, request.body.token);
      if (!token || token.integrationId !== client.id || !isTokenLive(token, isoTime(request.ctx.now())))
        return { active: false };
      return describeToken(token, config.baseUrl);
    },
  );

  app.get(
    '/oauth/token/info',
    {
      config: oauthConfig,
      schema: {
        tags: ['OAuth'],
        summary: 'Describe the presented access token',
        description: 'The introspection fields for the bearer token of this request.',
        security: [{ bearer: [] }],
        response: { 200: IntrospectionBody, 401: OAuthErrorBody },
      },
    },
    async (request) => {
      const outcome = await authenticateBearer(
        request.headers.authorization,
        isoTime(request.ctx.now()),
        (presented) => findPresentedToken(db, presented),
      );
      if (outcome.kind !== 'valid') {
        const error = outcome.kind === 'none' ? undefined : 'invalid_token';
        throw new OAuthError(
          401,
          'invalid_token',
          outcome.kind === 'none' ? 'A bearer token is required.' : outcome.reason,
        ).withHeader('WWW-Authenticate', `Bearer realm="marquee"${error ? `, error="${error}"` : ''}`);
      }
      return describeToken(outcome.token, config.baseUrl);
    },
  );

  app.get(
    '/.well-known/oauth-authorization-server',
    {
      config: oauthConfig,
      schema: {
        tags: ['OAuth'],
        summary: 'Authorization server metadata (RFC 8414)',
        security: [],
        response: { 200: MetadataBody },
      },
    },
    async () => authorizationServerMetadata(config),
  );
};
