/**
 * API keys on the resource API (SPEC §15): `X-API-KEY: <key>` instead of a bearer token. A key that
 * is unknown, malformed, revoked, or whose user left its organization is a 401 like an unusable
 * token (SPEC §5), with a challenge that names the key's header rather than the Bearer scheme it
 * was not sent in. Keys are read from the database on each request (no cache to empty on a
 * revocation or a removed member); their last use is noted at most once a minute.
 */
import type { FastifyRequest } from 'fastify';
import { type ApiKeyRecord, findWorkingApiKey, noteApiKeyUse } from '../api-keys/presented-api-key.js';
import { ApiError } from '../errors.js';

/** The challenge of a 401 or 403 about a key (RFC 9110 §11.6.1 allows any scheme name). */
export const KEY_CHALLENGE = 'ApiKey realm="marquee", header="X-API-KEY"';

const UNUSABLE = 'The API key is unknown or revoked, or its user is no longer a member of its organization.';

export async function authenticateApiKey(request: FastifyRequest): Promise<ApiKeyRecord> {
  const presented = request.headers['x-api-key'];
  // Sent twice, the header arrives as a list: no single key was presented.
  const key =
    typeof presented === 'string' ? await findWorkingApiKey(request.ctx.db, presented.trim()) : undefined;
  if (!key) {
    throw new ApiError(401, 'invalid_api_key', UNUSABLE, { header: 'X-API-KEY' }).withHeader(
      'WWW-Authenticate',
      `${KEY_CHALLENGE}, error="invalid_key"`,
    );
  }
  await noteApiKeyUse(request.ctx.db, key, request.ctx.now());
  return key;
}
