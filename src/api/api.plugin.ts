/**
 * The resource API (SPEC §5) as one encapsulated scope: bearer authentication and X-API-ORG
 * tenancy on every route, per-token rate limits, and the registry of resource types. It knows no
 * feature: the features it serves are handed to it (src/app.ts) and register their own routes
 * through the generic read routes, write helpers and idempotency service of this folder.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { App } from '../http/app-instance.js';
import { apiAuthHook } from './api-auth.js';
import { apiKeyThrottle } from './api-key-auth.js';
import { registerRateLimit } from './rate-limit.js';
import { ResourceRegistry } from './resource-registry.js';

export interface ApiOptions {
  features: readonly FastifyPluginAsyncTypebox[];
}

export async function apiPlugin(app: App, { features }: ApiOptions): Promise<void> {
  app.decorate('resources', new ResourceRegistry());
  // Authentication comes first, so rate limits can count per token.
  app.addHook('onRequest', apiAuthHook(apiKeyThrottle(app.ctx.clock)));
  await registerRateLimit(app, app.ctx.config);
  for (const feature of features) await app.register(feature);
}
