/**
 * buildApp(): the whole service as one Fastify instance, ready for `listen()` (src/server.ts)
 * or `inject()` (tests). It never listens by itself.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import type { Logger } from 'pino';
import { apiPlugin } from './api/api.plugin.js';
import { cursorCodec } from './api/cursor-key.js';
import { createAppContext, RequestContext } from './app-context.js';
import { type Clock, systemClock } from './clock.js';
import type { Config, TrustProxy } from './config.js';
import { crmPlugin } from './crm/crm.plugin.js';
import { changeRoutes } from './changes/change.routes.js';
import { endpointRoutes } from './webhooks/endpoint.routes.js';
import type { DatabaseHandle } from './db/connect.js';
import { healthRoutes } from './health/health.routes.js';
import { installErrorHandler, translateToApiError } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { inquiryRoutes } from './web/inquiry/inquiry.routes.js';
import { translateToHtmlError } from './web/html-error.js';
import { webPlugin } from './web/web.plugin.js';
import { translateToOAuthError } from './oauth/errors.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { registerOpenApi } from './web/api-docs/openapi.js';
import type { App } from './http/app-instance.js';
import { registerJsonBodies } from './http/json-bodies.js';
import { createLogger } from './http/logger.js';
import { DEFAULT_LIMITS, type ServerLimits, serverOptions } from './http/server-limits.js';
import { meRoutes } from './identity/me.routes.js';
import { myMembershipRoutes } from './identity/my-membership.routes.js';
import { organizationsRoutes } from './identity/organizations.routes.js';
import { rejectNulCharacters } from './http/reject-nul.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import { mcpPlugin } from './mcp/mcp.plugin.js';
import { sendBareJsonApiMediaType } from './http/jsonapi-media-type.js';
import { requestIdFor } from './http/request-id.js';
import { batchResponseWrites } from './http/write-batching.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  /** What the service takes the time from; tests pass one they can move. */
  clock?: Clock;
  /** Connection deadlines (tests shorten them). */
  limits?: Partial<ServerLimits>;
}

export type { App } from './http/app-instance.js';

export const BODY_LIMIT = 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
  limits,
}: AppOptions): Promise<App> {
  const serverLimits = { ...DEFAULT_LIMITS, ...limits };
  const app = Fastify({
    ...serverOptions(serverLimits),
    loggerInstance: (logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For / -Proto are believed only from the proxies TRUST_PROXY names (SPEC §10).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Keep-alive connections that sit idle are closed on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // A body of the wrong type is an error, never silently converted (a number is not a string).
    // Every failure is reported (one error per member), with the schema at hand to describe it.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true, verbose: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.maxConnections = serverLimits.maxConnections;
  app.decorate('serverLimits', serverLimits);

  const context = createAppContext(config, database, clock);
  app.decorate('ctx', context);
  app.addHook('onClose', () => context.pdf.close());
  // Page cursors are signed for the API's lists and the workspace's alike.
  app.decorate('cursors', await cursorCodec(database.db, clock.now()));
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    request.ctx = new RequestContext(context);
    reply.header('X-Request-Id', request.id);
    done();
  });
  // PostgreSQL: what another process committed before this request came is in the change
  // clock's readings before any cache is consulted (src/db/change-clock.ts, settle).
  const settle = context.changes.settle;
  if (settle) {
    app.addHook('onRequest', (_request, _reply, done) => {
      // settle never fails (a lost listening connection stops the caches instead).
      void settle().then(
        () => done(),
        () => done(),
      );
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    // An address that is no route's answers through a catch-all (not-found.routes.ts): unmatched still.
    const route = (!request.routeOptions.config.catchAll && request.routeOptions.url) || 'unmatched';
    context.metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerJsonBodies(app);
  batchResponseWrites(app);

  app.removeContentTypeParser('text/plain');
  rejectNulCharacters(app);
  sendBareJsonApiMediaType(app);
  installErrorHandler(app, {
    jsonapi: translateToApiError,
    oauth: translateToOAuthError,
    html: translateToHtmlError,
  });
  registerSecurityHeaders(app, config.baseUrl.startsWith('https:') || config.authUrl.startsWith('https:'));

  await registerOpenApi(app, config);
  await app.register(healthRoutes);
  await app.register(oauthRoutes);
  await app.register(webPlugin);
  await app.register(inquiryRoutes);
  await app.register(calendarRoutes);
  await app.register(mcpPlugin);
  await app.register(apiPlugin, {
    features: [meRoutes, myMembershipRoutes, organizationsRoutes, crmPlugin, changeRoutes, endpointRoutes],
  });
  return app;
}
