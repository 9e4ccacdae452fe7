/**
 * Bearer authentication (RFC 6750 §2.1): only the Authorization header is accepted; tokens in
 * the query string leak into logs and histories (§2.3, RFC 9700 §4.3.2), so they are refused.
 */
import { CREDENTIAL_PREFIXES } from '../security/credentials.js';
import { isTokenLive, type TokenRecord } from './token.repository.js';

/** How a presented token is found (the resource API asks a cache first; see src/api/api-auth.ts). */
export type TokenLookup = (presented: string) => Promise<TokenRecord | undefined>;

export type BearerOutcome =
  { kind: 'none' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; token: TokenRecord };

const UNUSABLE = 'The access token is unknown, expired or revoked.';

export function readBearer(authorization: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization ?? '');
  return match?.[1];
}

/** `now` is the ISO time the token must still be live at; expiry is judged on every request. */
export async function authenticateBearer(
  authorization: string | undefined,
  now: string,
  findToken: TokenLookup,
): Promise<BearerOutcome> {
  if (!authorization) return { kind: 'none' };
  const value = readBearer(authorization);
  if (!value) return { kind: 'invalid', reason: 'The Authorization header must be "Bearer <access token>".' };
  if (!value.startsWith(CREDENTIAL_PREFIXES.accessToken)) return { kind: 'invalid', reason: UNUSABLE };
  const token = await findToken(value);
  if (!token || token.kind !== 'access' || !isTokenLive(token, now))
    return { kind: 'invalid', reason: UNUSABLE };
  return { kind: 'valid', token };
}
