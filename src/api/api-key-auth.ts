/**
 * API keys on the resource API (SPEC §15): `X-API-KEY: <key>` instead of a bearer token. A key that
 * is unknown, malformed, revoked, or whose user left its organization is a 401 like an unusable
 * token (SPEC §5), with a challenge that names the key's header rather than the Bearer scheme it
 * was not sent in. Keys are read from the database on each request (no cache to empty on a
 * revocation or a removed member); their last use is noted at most once a minute.
 *
 * Failed keys are throttled like failed client authentications (src/oauth/steps/client-auth.ts):
 * per (key id, address) ten free, then waits from 15 s doubling to 15 min, and per address fifty
 * free, then a minute doubling to an hour, answered 429 with Retry-After. A stranger guessing a
 * key's secret slows their own address, never the key's owner elsewhere. Working keys are never
 * counted.
 */
import type { FastifyRequest } from 'fastify';
import { type ApiKeyRecord, findWorkingApiKey, noteApiKeyUse } from '../api-keys/presented-api-key.js';
import type { Clock } from '../clock.js';
import { ApiError, TooManyRequestsError } from '../errors.js';
import { FailureThrottle } from '../security/failure-throttle.js';

/** The challenge of a 401 or 403 about a key (RFC 9110 §11.6.1 allows any scheme name). */
export const KEY_CHALLENGE = 'ApiKey realm="marquee", header="X-API-KEY"';

const UNUSABLE = 'The API key is unknown or revoked, or its user is no longer a member of its organization.';

export interface ApiKeyThrottle {
  perKeyAndAddress: FailureThrottle;
  perAddress: FailureThrottle;
}

export function apiKeyThrottle(clock: Clock): ApiKeyThrottle {
  return {
    perKeyAndAddress: new FailureThrottle(
      { freeFailures: 10, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 3600 },
      clock,
    ),
    perAddress: new FailureThrottle(
      { freeFailures: 50, firstDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 6 * 3600 },
      clock,
    ),
  };
}

/** The key's row id (after its prefix), which names it without its secret; the whole value else. */
const keyName = (presented: string) => presented.slice(0, 30);

export async function authenticateApiKey(
  request: FastifyRequest,
  throttle: ApiKeyThrottle,
): Promise<ApiKeyRecord> {
  const presented = request.headers['x-api-key'];
  // Sent twice, the header arrives as a list: no single key was presented.
  const value = typeof presented === 'string' ? presented.trim() : '';
  const pairKey = JSON.stringify([keyName(value), request.ip]);
  const wait = Math.max(
    throttle.perKeyAndAddress.retryAfter(pairKey),
    throttle.perAddress.retryAfter(request.ip),
  );
  if (wait > 0) {
    throw new TooManyRequestsError(
      `Too many requests with keys that do not work came from this address; try again in ${wait} s.`,
      wait,
    );
  }
  const key = value === '' ? undefined : await findWorkingApiKey(request.ctx.db, value);
  if (!key) {
    throttle.perKeyAndAddress.recordFailure([pairKey]);
    throttle.perAddress.recordFailure([request.ip]);
    throw new ApiError(401, 'invalid_api_key', UNUSABLE, { header: 'X-API-KEY' }).withHeader(
      'WWW-Authenticate',
      `${KEY_CHALLENGE}, error="invalid_key"`,
    );
  }
  await noteApiKeyUse(request.ctx.db, key, request.ctx.now());
  return key;
}
