/**
 * Refreshing (RFC 6749 §6) with rotation (RFC 9700 §4.14.2): every refresh returns a new refresh
 * token and retires the one presented. Of concurrent refreshes with one token exactly one wins.
 * A retired token presented again within REFRESH_REUSE_GRACE is refused and nothing else
 * happens (client retries and races); later, it is treated as stolen and the family is revoked.
 */
import { isoTime } from '../../clock.js';
import { hashCredential } from '../credentials.js';
import { invalidGrant, invalidRequest, type OAuthError } from '../errors.js';
import { revokeGrants } from '../grant.repository.js';
import { checkRequestedScope } from '../steps/requested-scope.js';
import { issueTokens, type TokenResponse } from '../token-issuer.js';
import { claimRefreshToken, findTokenByHash, isTokenLive } from '../token.repository.js';
import type { Grant } from './grant.js';

const UNUSABLE = 'The refresh token is invalid, expired, revoked or was issued to another client.';

export const refreshTokens: Grant = async (ctx, client, params) => {
  if (!params.refresh_token) throw invalidRequest('refresh_token is required.');
  const token = await findTokenByHash(ctx.db, hashCredential(params.refresh_token));
  if (!token || token.kind !== 'refresh' || token.integrationId !== client.id) throw invalidGrant(UNUSABLE);

  const now = ctx.now();
  const at = isoTime(now);
  if (token.rotatedAt !== null) {
    const sinceRotation = (now - Date.parse(token.rotatedAt)) / 1000;
    if (sinceRotation > ctx.config.refreshReuseGrace) await revokeGrants(ctx.db, [token.grantId], at);
    throw invalidGrant('The refresh token has already been used.');
  }
  if (!isTokenLive(token, at)) throw invalidGrant(UNUSABLE);

  // The new refresh token keeps the scope of the one presented (§6); the access token may narrow it.
  const accessScopes = params.scope
    ? checkRequestedScope(params.scope, token.scopes, 'the original grant')
    : token.scopes;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<TokenResponse | OAuthError> => {
    if (!(await claimRefreshToken(trx, token.id, at))) {
      return invalidGrant('The refresh token has already been used.');
    }
    return issueTokens(trx, ctx.config, {
      grantId: token.grantId,
      accessScopes,
      refreshScopes: token.scopes,
      now,
    });
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
};
