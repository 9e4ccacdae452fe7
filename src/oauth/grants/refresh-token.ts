/**
 * Refreshing (RFC 6749 §6) with rotation (RFC 9700 §4.14.2): every refresh returns a new refresh
 * token and retires the one presented. The retired token presented again within
 * REFRESH_REUSE_GRACE gets the very pair its first use issued (a client that lost the response,
 * or raced itself), as long as that pair is still the family's live one; so of concurrent
 * refreshes one issues and all receive the same pair. Presented later, it is treated as stolen:
 * the family is revoked.
 */
import { isoTime } from '../../clock.js';
import { invalidGrant, invalidRequest, invalidTarget } from '../errors.js';
import { revokeGrants } from '../grant.repository.js';
import { dropReplays, findReplay, keepReplay, openPair, pairIsLive, sealPair } from '../refresh-replay.js';
import { checkRequestedScope } from '../steps/requested-scope.js';
import { issueTokens, type TokenResponse } from '../token-issuer.js';
import { claimRefreshToken, findPresentedToken, isTokenLive, type TokenRecord } from '../token.repository.js';
import type { Grant } from './grant.js';
import type { RequestContext } from '../../app-context.js';

const UNUSABLE = 'The refresh token is invalid, expired, revoked or was issued to another client.';
const USED = 'The refresh token has already been used.';

/** A rotated token presented again: the same pair within the window, else the family ends. */
async function presentedAgain(
  ctx: RequestContext,
  token: TokenRecord,
  refreshToken: string,
  now: number,
): Promise<TokenResponse> {
  const at = isoTime(now);
  const sinceRotation = (now - Date.parse(token.rotatedAt ?? at)) / 1000;
  if (sinceRotation > ctx.config.refreshReuseGrace) {
    await revokeGrants(ctx.db, [token.grantId], at);
    await dropReplays(ctx.db, token.grantId);
    throw invalidGrant(USED);
  }
  const sealed = await findReplay(ctx.db, token.id);
  const pair = sealed === undefined ? undefined : openPair(refreshToken, token.id, sealed);
  if (!pair || !(await pairIsLive(ctx.db, pair, at))) throw invalidGrant(USED);
  return pair;
}

export const refreshTokens: Grant = async (ctx, client, params) => {
  const presented = params.refresh_token;
  if (!presented) throw invalidRequest('refresh_token is required.');
  const token = await findPresentedToken(ctx.db, presented);
  if (!token || token.kind !== 'refresh' || token.integrationId !== client.id) throw invalidGrant(UNUSABLE);

  if (params.resource !== undefined && params.resource !== (token.resource ?? undefined)) {
    throw invalidTarget('resource differs from the one this refresh token was issued for.');
  }
  const now = ctx.now();
  const at = isoTime(now);
  if (token.rotatedAt !== null) return presentedAgain(ctx, token, presented, now);
  if (!isTokenLive(token, at)) throw invalidGrant(UNUSABLE);

  // The new refresh token keeps the scope of the one presented (§6); the access token may narrow it.
  const accessScopes = params.scope
    ? checkRequestedScope(params.scope, token.scopes, 'the original grant')
    : token.scopes;
  const issued = await ctx.db.transaction().execute(async (trx): Promise<TokenResponse | undefined> => {
    if (!(await claimRefreshToken(trx, token.id, at))) return undefined;
    // The pairs kept for earlier rotations are no longer live: forget them now.
    await dropReplays(trx, token.grantId);
    const pair = await issueTokens(trx, ctx.config, {
      grantId: token.grantId,
      accessScopes,
      refreshScopes: token.scopes,
      now,
    });
    await keepReplay(trx, token.id, sealPair(presented, token.id, pair));
    return pair;
  });
  if (issued) return issued;
  // A concurrent refresh with this token won (and committed): answer with its pair.
  const rotated = await findPresentedToken(ctx.db, presented);
  if (!rotated || rotated.rotatedAt === null) throw invalidGrant(USED);
  return presentedAgain(ctx, rotated, presented, now);
};
