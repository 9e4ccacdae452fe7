/**
 * The client credentials grant (RFC 6749 §4.4) for private integrations: the token acts as the
 * integration's owning user in the integration's organization, with no refresh token (§4.4.3).
 * Without a scope parameter the integration's allowed scopes are granted. Issuance is the
 * busiest write of the service, so it writes as little as it can: requests arriving together
 * share one commit (ctx.writes), and an integration's tokens share one grant, kept a day beyond
 * its newest token (found again in the same transaction), so a token is one row. Revoking one
 * such token revokes that token alone (src/oauth/revocation.ts).
 */
import { isoTime } from '../../clock.js';
import { findMembershipCached } from '../cached-lookups.js';
import { unauthorizedClient } from '../errors.js';
import type { Trx } from '../../db/database.js';
import {
  type ClientCredentialsGrantKey,
  extendGrant,
  findClientCredentialsGrant,
  insertGrant,
  type LiveGrant,
} from '../grant.repository.js';
import { checkRequestedScope } from '../steps/requested-scope.js';
import { accessTokenExpiry, issueTokens } from '../token-issuer.js';
import type { Grant } from './grant.js';

/** How long a shared grant is kept beyond the newest token issued under it. */
const GRANT_KEPT_BEYOND_TOKEN_MS = 24 * 3600 * 1000;

/** The live grant to issue a token expiring at `tokenExpiresAt` under, extended or made when needed. */
async function sharedGrant(
  trx: Trx,
  key: ClientCredentialsGrantKey,
  tokenExpiresAt: string,
  now: number,
): Promise<LiveGrant> {
  const found = await findClientCredentialsGrant(trx, key);
  if (found && found.expiresAt >= tokenExpiresAt) return found;
  const keptUntil = isoTime(Date.parse(tokenExpiresAt) + GRANT_KEPT_BEYOND_TOKEN_MS);
  if (found) {
    await extendGrant(trx, found.id, keptUntil);
    return { id: found.id, expiresAt: keptUntil };
  }
  const grant = await insertGrant(trx, {
    ...key,
    grantType: 'client_credentials',
    createdAt: isoTime(now),
    expiresAt: keptUntil,
  });
  return { id: grant.id, expiresAt: keptUntil };
}

export const issueClientCredentials: Grant = async (ctx, client, params) => {
  if (client.kind !== 'private' || !client.ownerUserId) {
    throw unauthorizedClient('Public integrations use the authorization_code grant.');
  }
  const scopes = params.scope
    ? checkRequestedScope(params.scope, client.scopes, "the integration's scopes")
    : client.scopes;
  const ownerId = client.ownerUserId;
  if (client.endedAt !== null) {
    throw unauthorizedClient('This integration ended when its owner left its organization.');
  }
  const organizationId = client.organizationId;
  if (organizationId === null || !(await findMembershipCached(ctx, organizationId, ownerId))) {
    throw unauthorizedClient("The integration's owner is no longer a member of its organization.");
  }
  const now = ctx.now();
  const expiresAt = accessTokenExpiry(ctx.config, now);
  const key = { integrationId: client.id, userId: ownerId, scopes, organizationIds: [organizationId] };
  return ctx.writes.run(async (trx) => {
    const grant = await sharedGrant(trx, key, expiresAt, now);
    return issueTokens(trx, ctx.config, {
      grantId: grant.id,
      accessScopes: scopes,
      refreshScopes: undefined,
      now,
      grantExpiresAt: grant.expiresAt,
    });
  });
};
