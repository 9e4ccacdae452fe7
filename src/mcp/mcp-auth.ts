/**
 * Who calls the MCP server (SPEC §16): a live access token issued for `<BASE_URL>/mcp` (RFC 8707;
 * a token for the API is refused here, as this one is at the API), whose grant covers exactly one
 * organization the user still belongs to, and which still lets self-registered assistants in when
 * the app registered itself. The caller acts as the consenting user at the `assistant` door.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiAuth } from '../api/api-auth.js';
import { isoTime } from '../clock.js';
import type { Actor } from '../policy/actor.js';
import { acceptsAssistants } from '../oauth/assistant-registration.js';
import { authenticateBearer } from '../oauth/access-token.js';
import { findMembershipCached } from '../oauth/cached-lookups.js';
import { hashCredential } from '../security/credentials.js';
import { OAuthError } from '../oauth/errors.js';
import { mcpResource } from '../oauth/resource.js';
import { findPresentedToken } from '../oauth/token.repository.js';
import { bearerChallenge } from './protected-resource.js';
import { staffActor, staffGrants } from '../policy/actor.js';

export interface McpCaller {
  actor: Actor;
  scopes: readonly string[];
  /** For the rate limits the API counts by (src/api/rate-limit.ts). */
  auth: ApiAuth;
}

export async function authenticateMcp(request: FastifyRequest): Promise<McpCaller> {
  const { ctx } = request;
  const config = ctx.config;
  const invalidToken = (description?: string) =>
    new OAuthError(
      401,
      'invalid_token',
      description ?? 'A bearer token for this MCP server is required.',
    ).withHeader(
      'WWW-Authenticate',
      bearerChallenge(config, description ? { code: 'invalid_token', description } : undefined),
    );
  const outcome = await authenticateBearer(request.headers.authorization, isoTime(ctx.now()), (presented) =>
    ctx.cached(ctx.app.caches.tokens, `${hashCredential(presented)} `, () =>
      findPresentedToken(ctx.db, presented),
    ),
  );
  if (outcome.kind === 'none') throw invalidToken();
  if (outcome.kind === 'invalid') throw invalidToken(outcome.reason);
  const token = outcome.token;
  const resource = mcpResource(config);
  if (token.resource !== resource)
    throw invalidToken(`This token is not for ${resource}: ask for one with resource=${resource}.`);
  const [organizationId] = token.organizationIds;
  if (organizationId === undefined || token.organizationIds.length !== 1)
    throw invalidToken('An assistant’s token covers exactly one organization.');
  const membership = await findMembershipCached(ctx, organizationId, token.userId);
  if (!membership) throw invalidToken('The user of this token is no longer a member of its organization.');
  if (token.selfRegistered && !(await acceptsAssistants(ctx.db, organizationId)))
    throw invalidToken('This organization has turned off assistants that register themselves.');
  const auth: ApiAuth = {
    credential: { kind: 'token', token },
    userId: token.userId,
    organizationId,
    role: membership.role,
    scopes: token.scopes,
    door: 'api',
    grants: staffGrants(membership.role, token.scopes),
  };
  return {
    actor: staffActor({
      organizationId,
      userId: token.userId,
      role: membership.role,
      door: 'assistant',
      scopes: token.scopes,
    }),
    scopes: token.scopes,
    auth,
  };
}
