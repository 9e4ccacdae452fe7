/**
 * Issuing an authorization code once the user approved (RFC 6749 §4.1.2): single use, short
 * lived (AUTH_CODE_TTL), bound to the client, redirect URI, user, organizations, scopes and PKCE
 * challenge. Only its hash is stored; the value goes to the client once, in the redirect.
 */
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import { insertCode } from '../code.repository.js';
import { generateCredential } from '../../security/credentials.js';
import type { AuthorizeRequest } from './authorize-request.js';

export async function issueAuthorizationCode(
  ctx: RequestContext,
  request: AuthorizeRequest,
  userId: string,
  organizationIds: readonly string[],
): Promise<string> {
  const code = generateCredential('authorizationCode');
  const now = ctx.now();
  await insertCode(ctx.db, {
    codeHash: code.hash,
    integrationId: request.integration.id,
    userId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    organizationIds,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    createdAt: isoTime(now),
    expiresAt: isoTime(now + ctx.config.authCodeTtl * 1000),
  });
  return code.value;
}
