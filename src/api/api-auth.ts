/**
 * Access to the resource API (SPEC §5, RFC 6750 §3): a live bearer token (401), an `X-API-ORG`
 * header naming an organization (400 when missing or malformed), granted to the token and still
 * counting the user as a member (403), and the scope the route needs (403 insufficient_scope).
 * Each failure throws; a route handler never runs after a refusal.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../app-context.js';
import { isoTime } from '../clock.js';
import { ApiError, BadRequestError, ForbiddenError } from '../errors.js';
import type { Role } from '../identity/identity.table.js';
import { authenticateBearer, type TokenLookup } from '../oauth/access-token.js';
import { type Scope, scopeAllows } from '../oauth/scopes.js';
import { hashCredential } from '../oauth/credentials.js';
import { findPresentedToken, type TokenRecord } from '../oauth/token.repository.js';

export interface ApiAuth {
  token: TokenRecord;
  userId: string;
  /** Set on routes that act within an organization. */
  organizationId: string;
  role: Role;
}

/** Who may replay a create's response by its Idempotency-Key: the integration, user and organization. */
export function idempotencyScope(auth: ApiAuth): string {
  return `${auth.token.integrationId}:${auth.userId}:${auth.organizationId}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiAuth: ApiAuth;
  }
  interface FastifyContextConfig {
    /** The scope a resource route needs. */
    scope?: Scope;
    /** Whether the route acts within the X-API-ORG organization (all but /v2/me). */
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

export function apiAuthHook() {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const ctx = request.ctx;
    const header = request.headers['x-api-org'];
    const candidate = typeof header === 'string' && ORGANIZATION_ID.test(header) ? header : '';
    const outcome = await authenticateBearer(
      request.headers.authorization,
      isoTime(ctx.now()),
      cachedTokenLookup(ctx, candidate),
    );
    if (outcome.kind === 'none') {
      throw unauthorized('Send an access token: Authorization: Bearer <token>.', false);
    }
    if (outcome.kind === 'invalid') throw unauthorized(outcome.reason, true);
    const token = outcome.token;
    const config = request.routeOptions.config;

    let organizationId = '';
    let role: Role = 'member';
    if (config.organization !== false) {
      if (header === undefined || header === '') {
        throw new BadRequestError(
          'The X-API-ORG header is required: the id of the organization to act in (see GET /v2/me).',
          {
            header: 'X-API-ORG',
          },
          'missing_header',
        );
      }
      if (typeof header !== 'string' || !ORGANIZATION_ID.test(header)) {
        throw new BadRequestError(
          'X-API-ORG must be one organization id (26 lower-case letters and digits).',
          {
            header: 'X-API-ORG',
          },
          'invalid_header',
        );
      }
      if (!token.organizationIds.includes(header)) {
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
      organizationId = header;
      role = token.membershipRole;
    }

    const needed = config.scope;
    if (needed && !scopeAllows(token.scopes, needed)) {
      throw new ApiError(403, 'insufficient_scope', `This call needs the ${needed} scope.`).withHeader(
        'WWW-Authenticate',
        `${REALM}, error="insufficient_scope", scope="${needed}"`,
      );
    }
    request.apiAuth = { token, userId: token.userId, organizationId, role };
  };
}
