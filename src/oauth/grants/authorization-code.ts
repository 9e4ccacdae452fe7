/**
 * The authorization code grant (RFC 6749 §4.1.3). Codes are single use: the exchange claims the
 * code atomically, and a second use revokes every token issued from it (§4.1.2, RFC 9700
 * §4.2.4 guidance). Bound to client, redirect URI and PKCE challenge; an exchange that fails
 * those checks does not use the code up, so a stolen code without its verifier burns nothing.
 */
import { isoTime } from '../../clock.js';
import { claimCode, findCode, linkCodeToGrant } from '../code.repository.js';
import { hashCredential } from '../../security/credentials.js';
import {
  invalidGrant,
  invalidRequest,
  invalidTarget,
  type OAuthError,
  unauthorizedClient,
} from '../errors.js';
import { insertGrant, revokeGrants } from '../grant.repository.js';
import { pkceProblem } from '../steps/pkce.js';
import { issueTokens, type TokenResponse } from '../token-issuer.js';
import type { Grant } from './grant.js';

const UNUSABLE = 'The authorization code is invalid, expired, already used or was issued to another client.';

export const exchangeAuthorizationCode: Grant = async (ctx, client, params) => {
  if (client.kind !== 'public')
    throw unauthorizedClient('Private integrations use the client_credentials grant.');
  if (!params.code) throw invalidRequest('code is required.');
  if (!params.redirect_uri) throw invalidRequest('redirect_uri is required.');
  const codeHash = hashCredential(params.code);
  const now = ctx.now();
  const at = isoTime(now);

  // The transaction commits whatever happens, so a revoked family stays revoked; errors are
  // returned, not thrown, to keep them from rolling that back. A code is claimed only once the
  // request proved it may use it: a request that fails a check leaves the code usable.
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<TokenResponse | OAuthError> => {
    const replayed = async () => {
      const used = await findCode(trx, codeHash);
      if (used?.grantId && used.integrationId === client.id) await revokeGrants(trx, [used.grantId], at);
      return invalidGrant(UNUSABLE);
    };
    const found = await findCode(trx, codeHash);
    if (!found || found.integrationId !== client.id || found.expiresAt <= at) return invalidGrant(UNUSABLE);
    if (found.usedAt !== null) return replayed();
    if (found.redirectUri !== params.redirect_uri) {
      return invalidGrant('redirect_uri does not match the one of the authorization request.');
    }
    if (params.resource !== undefined && params.resource !== (found.resource ?? undefined)) {
      return invalidTarget('resource differs from the one of the authorization request.');
    }
    const pkce = pkceProblem(found.codeChallenge, params.code_verifier);
    if (pkce) return invalidGrant(pkce);
    // Of concurrent exchanges of one code, exactly one claims it; the others are replays.
    const code = await claimCode(trx, codeHash, at);
    if (!code) return replayed();

    const grant = await insertGrant(trx, {
      integrationId: client.id,
      userId: code.userId,
      grantType: 'authorization_code',
      scopes: code.scopes,
      organizationIds: code.organizationIds,
      resource: code.resource,
      createdAt: at,
      expiresAt: at,
    });
    await linkCodeToGrant(trx, code.id, grant.id);
    return issueTokens(trx, ctx.config, {
      grantId: grant.id,
      accessScopes: code.scopes,
      refreshScopes: code.scopes,
      now,
    });
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
};
