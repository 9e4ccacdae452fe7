/**
 * The client credentials grant (RFC 6749 §4.4) for private integrations: the token acts as the
 * integration's owning user in the integration's organization, with no refresh token (§4.4.3).
 * Without a scope parameter the integration's allowed scopes are granted. Issuance is the
 * busiest write of the service: requests arriving together share one commit (ctx.writes).
 */
import { isoTime } from '../../clock.js';
import { findMembershipCached } from '../cached-lookups.js';
import { unauthorizedClient } from '../errors.js';
import { insertGrant } from '../grant.repository.js';
import { checkRequestedScope } from '../steps/requested-scope.js';
import { accessTokenExpiry, issueTokens } from '../token-issuer.js';
import type { Grant } from './grant.js';

export const issueClientCredentials: Grant = async (ctx, client, params) => {
  if (client.kind !== 'private' || !client.ownerUserId) {
    throw unauthorizedClient('Public integrations use the authorization_code grant.');
  }
  const scopes = params.scope
    ? checkRequestedScope(params.scope, client.scopes, "the integration's scopes")
    : client.scopes;
  const ownerId = client.ownerUserId;
  if (!(await findMembershipCached(ctx, client.organizationId, ownerId))) {
    throw unauthorizedClient("The integration's owner is no longer a member of its organization.");
  }
  const now = ctx.now();
  // The grant lives exactly as long as its one access token.
  const expiresAt = accessTokenExpiry(ctx.config, now);
  return ctx.writes.run(async (trx) => {
    const grant = await insertGrant(trx, {
      integrationId: client.id,
      userId: ownerId,
      grantType: 'client_credentials',
      scopes,
      organizationIds: [client.organizationId],
      createdAt: isoTime(now),
      expiresAt,
    });
    return issueTokens(trx, ctx.config, {
      grantId: grant.id,
      accessScopes: scopes,
      refreshScopes: undefined,
      now,
      grantExpiresAt: expiresAt,
    });
  });
};
