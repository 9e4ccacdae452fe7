/**
 * The OpenAPI 3.1 document, generated from the same route schemas that validate requests and
 * serialize responses, so the reference cannot drift from the service. Served at /openapi.json.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

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
          '`Authorization: Bearer <token>` and `X-API-ORG: <organization id>`.',
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /oauth/token' },
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
  // A readable reference, served from the package's own files (no CDN).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Nothing leaves the machine: no online validator, no upgrade of a plain-http local install.
    transformStaticCSP: (header) =>
      header
        .replace(/upgrade-insecure-requests;?/, '')
        .replace(' validator.swagger.io', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/ https:/g, ''),
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
  });
}
