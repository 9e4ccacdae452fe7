/**
 * The OpenAPI 3.1 document, generated from the same route schemas that validate requests and
 * serialize responses, so the reference cannot drift from the service. Served at /openapi.json,
 * and as a page at /docs (docs.page.ts).
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { docsPage, type OpenApiDocument } from './docs.page.js';

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    // Only tagged routes are part of the API; pages, assets and health checks are not.
    hideUntagged: true,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee API',
        version: '2.0.0',
        description:
          'The event-venue CRM API (JSON:API) and its OAuth 2.0 authorization server. Every resource call carries ' +
          '`Authorization: Bearer <token>`, or an API key as `X-API-KEY: <key>` (made by an organization admin on ' +
          'Settings → Developers → API keys; never both), and `X-API-ORG: <organization id>` ' +
          '(GET /v2/organizations lists them).',
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /oauth/token' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-KEY',
            description:
              'An API key (mqk_…) from Settings → Developers → API keys: it acts as the admin who made it, in its ' +
              'organization only, with the scopes chosen for it. Not together with Authorization.',
          },
          clientSecretBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'client_id and client_secret (client_secret_basic)',
          },
          oauth2: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: `${config.authUrl}/oauth/authorize`,
                tokenUrl: `${config.baseUrl}/oauth/token`,
                refreshUrl: `${config.baseUrl}/oauth/token`,
                scopes: { crm_read: 'Read CRM data', crm_manage: 'Read and change CRM data' },
              },
              clientCredentials: {
                tokenUrl: `${config.baseUrl}/oauth/token`,
                scopes: { crm_read: 'Read CRM data', crm_manage: 'Read and change CRM data' },
              },
            },
          },
        },
      },
      tags: [{ name: 'OAuth', description: 'Authorization server (RFC 6749, 7009, 7636, 7662, 8414)' }],
    },
  });
  app.get('/openapi.json', {}, async () => app.swagger());
  // The document is fixed once the app is ready: rendered on first request, then kept.
  let docs: string | undefined;
  app.get('/docs', {}, async (_request, reply) => {
    docs ??= docsPage(app.swagger() as unknown as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(docs);
  });
  app.get('/docs/', {}, async (_request, reply) => reply.redirect('/docs', 301));
}
