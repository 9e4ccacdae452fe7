/**
 * Access to the resource API (SPEC §5, §15; RFC 6750 §3): a live bearer token or a working API key
 * (X-API-KEY), never both (401), an `X-API-ORG` header naming an organization (400 when missing or
 * malformed), granted to the token, or the key's own organization, and still counting the user as
 * a member (403), and the scope the route needs (403 insufficient_scope). Each failure throws; a
 * route handler never runs after a refusal.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../app-context.js';
import type { ApiKeyRecord } from '../api-keys/presented-api-key.js';
import { isoTime } from '../clock.js';
import { ApiError, BadRequestError, ForbiddenError } from '../errors.js';
import type { Role } from '../identity/identity.table.js';
import { authenticateBearer, type TokenLookup } from '../oauth/access-token.js';
import { type Scope, scopeAllows } from '../policy/scopes.js';
import { hashCredential } from '../security/credentials.js';
import { findPresentedToken, type TokenRecord } from '../oauth/token.repository.js';
import { type ApiKeyThrottle, authenticateApiKey, KEY_CHALLENGE } from './api-key-auth.js';
import { staffGrants } from '../policy/actor.js';
import { type Grants, NO_GRANTS } from '../policy/grants.js';

/** What authenticated a request: an OAuth access token, or an API key. */
export type ApiCredential = { kind: 'token'; token: TokenRecord } | { kind: 'api_key'; key: ApiKeyRecord };

export interface ApiAuth {
  credential: ApiCredential;
  userId: string;
  /** Set on routes that act within an organization. */
  organizationId: string;
  role: Role;
  scopes: readonly string[];
  door: 'api';
  /** What the credential lets its user do in the organization (src/policy): role and scopes. */
  grants: Grants;
}

/**
 * Who a request's budget and replayable creates belong to: the token's integration (whichever of
 * its tokens is sent), or the API key.
 */
export function credentialOwner(auth: ApiAuth): string {
  return auth.credential.kind === 'token'
    ? auth.credential.token.integrationId
    : `key:${auth.credential.key.id}`;
}

/** Who may replay a create's response by its Idempotency-Key: the integration (or key), user and organization. */
export function idempotencyScope(auth: ApiAuth): string {
  return `${credentialOwner(auth)}:${auth.userId}:${auth.organizationId}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiAuth: ApiAuth;
  }
  interface FastifyContextConfig {
    /** The scope a resource route needs. */
    scope?: Scope;
    /** Whether the route acts within the X-API-ORG organization (all but /v2/me and /v2/organizations). */
    organization?: boolean;
  }
}

const REALM = 'Bearer realm="marquee"';
const ORGANIZATION_ID = /^[0-9a-z]{26}$/;

function unauthorized(detail: string, invalidToken: boolean): ApiError {
  return new ApiError(401, invalidToken ? 'invalid_token' : 'unauthorized', detail).withHeader(
    'WWW-Authenticate',
    invalidToken
      ? `${REALM}, error="invalid_token", error_description="${detail.replace(/"/g, "'")}"`
      : REALM,
  );
}

/**
 * Known tokens (with the membership asked about) are kept in memory until anything is committed
 * anywhere (src/db/fresh-cache.ts), so a revocation, a removed member or a deleted integration
 * takes effect on the next request. Unknown tokens are not kept: a flood of guesses cannot
 * push out the real ones.
 */
function cachedTokenLookup(ctx: RequestContext, organizationId: string): TokenLookup {
  // Kept under the hash of the whole token, never its id alone: a wrong secret after a known id
  // is looked up (and refused) like any unknown token.
  return (presented) =>
    ctx.cached(ctx.app.caches.tokens, `${hashCredential(presented)} ${organizationId}`, () =>
      findPresentedToken(ctx.db, presented, organizationId),
    );
}

/** The X-API-ORG header, once it names one organization (400 otherwise). */
function organizationHeader(header: string | string[] | undefined): string {
  if (header === undefined || header === '') {
    throw new BadRequestError(
      'The X-API-ORG header is required: the id of the organization to act in (see GET /v2/organizations).',
      { header: 'X-API-ORG' },
      'missing_header',
    );
  }
  if (typeof header !== 'string' || !ORGANIZATION_ID.test(header)) {
    throw new BadRequestError(
      'X-API-ORG must be one organization id (26 lower-case letters and digits).',
      { header: 'X-API-ORG' },
      'invalid_header',
    );
  }
  return header;
}

async function authenticateToken(request: FastifyRequest, actsInOrganization: boolean): Promise<ApiAuth> {
  const ctx = request.ctx;
  const header = request.headers['x-api-org'];
  const candidate = typeof header === 'string' && ORGANIZATION_ID.test(header) ? header : '';
  const outcome = await authenticateBearer(
    request.headers.authorization,
    isoTime(ctx.now()),
    cachedTokenLookup(ctx, candidate),
  );
  if (outcome.kind === 'none') {
    throw unauthorized(
      'Send an access token (Authorization: Bearer <token>) or an API key (X-API-KEY: <key>).',
      false,
    );
  }
  if (outcome.kind === 'invalid') throw unauthorized(outcome.reason, true);
  const token = outcome.token;
  // RFC 8707: a token issued for another resource (an assistant's, for /mcp) works only there.
  if (token.resource !== null) throw unauthorized(`This token works only at ${token.resource}.`, true);
  const auth: ApiAuth = {
    credential: { kind: 'token', token },
    userId: token.userId,
    organizationId: '',
    role: 'member',
    scopes: token.scopes,
    door: 'api',
    grants: NO_GRANTS,
  };
  if (!actsInOrganization) return auth;
  const organizationId = organizationHeader(header);
  if (!token.organizationIds.includes(organizationId)) {
    throw new ForbiddenError(
      'This token was not granted access to that organization.',
      'organization_not_granted',
      {
        header: 'X-API-ORG',
      },
    );
  }
  if (token.membershipRole === null) {
    throw new ForbiddenError(
      'The user of this token is no longer a member of that organization.',
      'not_a_member',
      {
        header: 'X-API-ORG',
      },
    );
  }
  const role = token.membershipRole;
  return { ...auth, organizationId, role, grants: staffGrants(role, token.scopes) };
}

async function authenticateKey(
  request: FastifyRequest,
  throttle: ApiKeyThrottle,
  actsInOrganization: boolean,
): Promise<ApiAuth> {
  const key = await authenticateApiKey(request, throttle);
  const auth: ApiAuth = {
    credential: { kind: 'api_key', key },
    userId: key.userId,
    organizationId: '',
    role: key.role,
    scopes: key.scopes,
    door: 'api',
    grants: staffGrants(key.role, key.scopes),
  };
  if (!actsInOrganization) return auth;
  const organizationId = organizationHeader(request.headers['x-api-org']);
  if (organizationId !== key.organizationId) {
    throw new ForbiddenError(
      'This API key belongs to another organization: send its id as X-API-ORG (see GET /v2/organizations).',
      'organization_not_granted',
      { header: 'X-API-ORG' },
    );
  }
  return { ...auth, organizationId };
}

export function apiAuthHook(keyThrottle: ApiKeyThrottle) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const config = request.routeOptions.config;
    const actsInOrganization = config.organization !== false;
    const withKey = request.headers['x-api-key'] !== undefined;
    if (withKey && request.headers.authorization !== undefined) {
      // Two credentials could name two users: which one acts would be a guess.
      throw new ApiError(
        401,
        'ambiguous_credentials',
        'Send either Authorization: Bearer <token> or X-API-KEY: <key>, not both.',
        { header: 'X-API-KEY' },
      ).withHeader('WWW-Authenticate', `${REALM}, ${KEY_CHALLENGE}`);
    }
    const auth = withKey
      ? await authenticateKey(request, keyThrottle, actsInOrganization)
      : await authenticateToken(request, actsInOrganization);

    const needed = config.scope;
    if (needed && !scopeAllows(auth.scopes, needed)) {
      throw new ApiError(403, 'insufficient_scope', `This call needs the ${needed} scope.`).withHeader(
        'WWW-Authenticate',
        withKey
          ? `${KEY_CHALLENGE}, error="insufficient_scope", scope="${needed}"`
          : `${REALM}, error="insufficient_scope", scope="${needed}"`,
      );
    }
    request.apiAuth = auth;
  };
}
