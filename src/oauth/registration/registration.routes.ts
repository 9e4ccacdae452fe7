/**
 * Dynamic client registration (RFC 7591) at POST /oauth/register, for assistants (SPEC §16):
 * JSON only, small bodies, public clients with PKCE, names that claim to be nobody they are not.
 * Throttled per address group (RFC 7591 §5 leaves the policy to the server; an IPv4 address or an
 * IPv6 /64, registered-clients.ts), with no installation-wide total a stranger could exhaust;
 * refused (403) when every organization has turned self-registered assistants off. Each
 * registration is logged with its client id and name.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OAuthError } from '../errors.js';
import { OAuthErrorBody } from '../token-request.js';
import { readClientMetadata } from './client-metadata.js';
import {
  addressKey,
  anyOrganizationAcceptsAssistants,
  registerWithinBounds,
  venueNames,
} from './registered-clients.js';

const RegistrationBody = Type.Object(
  {
    client_id: Type.String(),
    client_id_issued_at: Type.Integer(),
    client_name: Type.String(),
    redirect_uris: Type.Array(Type.String()),
    token_endpoint_auth_method: Type.Literal('none'),
    grant_types: Type.Array(Type.String()),
    response_types: Type.Array(Type.String()),
    scope: Type.String(),
  },
  { additionalProperties: false },
);

const tooMany = (description: string, retryAfterSeconds: number) =>
  new OAuthError(429, 'invalid_request', description).withHeader('Retry-After', String(retryAfterSeconds));

export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.post(
    '/oauth/register',
    {
      bodyLimit: 16 * 1024,
      config: { errorStyle: 'oauth' as const },
      schema: {
        tags: ['OAuth'],
        summary: 'Register an assistant (RFC 7591)',
        description:
          'Public clients only: token_endpoint_auth_method "none", PKCE S256 on every authorization, https ' +
          'or loopback redirect URIs. Throttled per address (per IPv6 /64); registrations never used are removed after a day.',
        consumes: ['application/json'],
        security: [],
        body: Type.Unknown(),
        response: { 201: RegistrationBody, 400: OAuthErrorBody, 403: OAuthErrorBody, 429: OAuthErrorBody },
      },
    },
    async (request, reply) => {
      const metadata = readClientMetadata(request.body, await venueNames(db));
      if (!(await anyOrganizationAcceptsAssistants(db)))
        throw new OAuthError(403, 'access_denied', 'Self-registration of assistants is turned off here.');
      const now = request.ctx.now();
      const from = addressKey(request.ip);
      const client = await registerWithinBounds(db, metadata, from, now);
      if ('refused' in client) throw tooMany(client.refused, client.retryAfterSeconds);
      request.log.info({ client_id: client.clientId, client_name: client.clientName }, 'client registered');
      return reply.status(201).send({
        client_id: client.clientId,
        client_id_issued_at: Math.floor(now / 1000),
        client_name: client.clientName,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: 'none' as const,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: client.scopes.join(' '),
      });
    },
  );
};
