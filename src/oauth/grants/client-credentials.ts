/**
 * The client credentials grant (RFC 6749 §4.4) for private integrations: the token acts as the
 * integration's owning user in the integration's organization, with no refresh token (§4.4.3).
 * Without a scope parameter the integration's allowed scopes are granted.
 */
import type { Config } from '../../config.js';
import type { GroupCommit } from '../../db/group-commit.js';
import type { Integration } from '../../integrations/integration.repository.js';
import type { OAuthLookups } from '../cached-lookups.js';
import { unauthorizedClient } from '../errors.js';
import { insertGrant } from '../grant.repository.js';
import { checkRequestedScope } from '../steps/requested-scope.js';
import { accessTokenExpiry, issueTokens, type TokenResponse } from '../token-issuer.js';
import type { TokenRequest } from '../token-request.js';

export async function issueClientCredentials(
  config: Config,
  client: Integration,
  params: TokenRequest,
  { writes, lookups }: { writes: GroupCommit; lookups: OAuthLookups },
): Promise<TokenResponse> {
  if (client.kind !== 'private' || !client.ownerUserId) {
    throw unauthorizedClient('Public integrations use the authorization_code grant.');
  }
  const scopes = params.scope
    ? checkRequestedScope(params.scope, client.scopes, "the integration's scopes")
    : client.scopes;
  const ownerId = client.ownerUserId;
  if (!(await lookups.membership(client.organizationId, ownerId))) {
    throw unauthorizedClient("The integration's owner is no longer a member of its organization.");
  }
  const now = Date.now();
  // The grant lives exactly as long as its one access token.
  const expiresAt = accessTokenExpiry(config, now);
  return writes.run(async (trx) => {
    const grant = await insertGrant(trx, {
      integrationId: client.id,
      userId: ownerId,
      grantType: 'client_credentials',
      scopes,
      organizationIds: [client.organizationId],
      expiresAt,
    });
    return issueTokens(trx, config, {
      grantId: grant.id,
      accessScopes: scopes,
      refreshScopes: undefined,
      now,
      grantExpiresAt: expiresAt,
    });
  });
}
