/**
 * Bearer authentication (RFC 6750 §2.1): only the Authorization header is accepted; tokens in
 * the query string leak into logs and histories (§2.3, RFC 9700 §4.3.2), so they are refused.
 */
import type { Db } from '../db/database.js';
import { nowIso } from '../db/ids.js';
import { CREDENTIAL_PREFIXES, hashCredential } from './credentials.js';
import { findTokenByHash, isTokenLive, type TokenRecord } from './token.repository.js';

/** How a token is found by its hash (the API caches it; see src/api/api-auth.ts). */
export type TokenLookup = (
  db: Db,
  tokenHash: string,
  organizationId?: string,
) => Promise<TokenRecord | undefined>;

export type BearerOutcome =
  { kind: 'none' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; token: TokenRecord };

export function readBearer(authorization: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization ?? '');
  return match?.[1];
}

/** `organizationId`, when given, also looks up the user's membership there (TokenRecord.membershipRole). */
export async function authenticateBearer(
  db: Db,
  authorization: string | undefined,
  organizationId?: string,
  findToken: TokenLookup = findTokenByHash,
): Promise<BearerOutcome> {
  if (!authorization) return { kind: 'none' };
  const value = readBearer(authorization);
  if (!value) return { kind: 'invalid', reason: 'The Authorization header must be "Bearer <access token>".' };
  if (!value.startsWith(CREDENTIAL_PREFIXES.accessToken)) {
    return { kind: 'invalid', reason: 'The access token is unknown, expired or revoked.' };
  }
  // Expiry is judged here on every request, cached record or not.
  const token = await findToken(db, hashCredential(value), organizationId);
  if (!token || token.kind !== 'access' || !isTokenLive(token, nowIso())) {
    return { kind: 'invalid', reason: 'The access token is unknown, expired or revoked.' };
  }
  return { kind: 'valid', token };
}
