/**
 * Rate limits on the resource API (SPEC §5, §15): RATE_LIMIT_PER_MINUTE requests a minute for each
 * integration in each organization — not per token, so asking for a new token resets nothing — and
 * for each API key (a key acts in one organization),
 * announced in RateLimit-Limit / -Remaining / -Reset, refused with 429 and Retry-After. Counters
 * live in memory, or in Redis (REDIS_URL) so that several processes share them. If Redis is
 * unreachable, requests are let through rather than failed.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { TooManyRequestsError } from '../errors.js';
import { credentialOwner } from './api-auth.js';

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (config.rateLimitPerMinute === 0) return;
  // The Redis client loads only when REDIS_URL asks for it.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        lazyConnect: true,
        // Without an offline queue, commands fail fast (and are let through) while Redis is away.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error.message }, 'redis unavailable for rate limits'),
    );
    // Connect before serving, so the first requests are counted too; ioredis reconnects after.
    await redis
      .connect()
      .catch((error: Error) => app.log.warn({ err: error.message }, 'redis not reachable at start'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    enableDraftSpec: true,
    skipOnError: true,
    nameSpace: 'marquee-rate:',
    ...(redis ? { redis } : {}),
    // One budget per (integration, organization) or API key, whichever process serves it and
    // whichever token.
    keyGenerator: (request) => {
      const auth = request.apiAuth;
      return auth ? `${credentialOwner(auth)}:${auth.organizationId}` : request.ip;
    },
    errorResponseBuilder: (request, context) =>
      new TooManyRequestsError(
        `${request.apiAuth?.credential.kind === 'api_key' ? 'This API key' : 'This integration'} may make ${context.max} requests a minute in this organization; retry after ${context.after}.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
}
