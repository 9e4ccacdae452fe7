/**
 * buildApp(): the whole service as one Fastify instance, ready for `listen()` (src/server.ts)
 * or `inject()` (tests). It never listens by itself.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { healthRoutes } from './health/health.routes.js';
import { installErrorHandler } from './http/error-handler.js';
import { createLogger } from './http/logger.js';
import { requestIdFor } from './http/request-id.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp({ config, database, logger }: AppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: (logger ?? createLogger(config.logLevel)) as FastifyBaseLogger,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT,
    trustProxy: false,
    // Keep-alive connections that sit idle are closed on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // JSON:API's media type is JSON; parse it like application/json.
  app.addContentTypeParser(
    'application/vnd.api+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  installErrorHandler(app);
  await app.register(healthRoutes, { db: database.db });
  return app;
}
