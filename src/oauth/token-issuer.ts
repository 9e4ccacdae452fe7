/**
 * Issues the token response of the seed, to the letter (SPEC §4): `{access_token, token_type,
 * expires_in, refresh_token, scope, created_at}`; client-credentials responses carry no refresh token.
 */
import type { Config } from '../config.js';
import type { Trx } from '../db/database.js';
import { isoTime } from '../clock.js';
import { newId } from '../db/ids.js';
import { generateToken } from '../security/credentials.js';
import { extendGrant } from './grant.repository.js';
import { insertToken } from './token.repository.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
  created_at: number;
}

export interface IssueOptions {
  grantId: string;
  accessScopes: readonly string[];
  /** Scopes of the refresh token to issue; `undefined` issues none (client credentials). */
  refreshScopes: readonly string[] | undefined;
  now: number;
  /** The grant's expiry when the caller knows it: the grant is extended only if the tokens outlive it. */
  grantExpiresAt?: string;
}

export type TokenLifetimes = Pick<Config, 'accessTokenTtl' | 'refreshTokenTtl'>;

/** When an access token issued at `now` expires (whole seconds, as its created_at). */
export function accessTokenExpiry(lifetimes: TokenLifetimes, now: number): string {
  return isoTime((Math.floor(now / 1000) + lifetimes.accessTokenTtl) * 1000);
}

export async function issueTokens(
  trx: Trx,
  lifetimes: TokenLifetimes,
  options: IssueOptions,
): Promise<TokenResponse> {
  // Whole seconds: created_at is reported in seconds and expiry must agree with it exactly.
  const createdAt = Math.floor(options.now / 1000);
  const createdIso = isoTime(createdAt * 1000);
  const access = generateToken('accessToken', newId(options.now));
  const accessExpires = accessTokenExpiry(lifetimes, options.now);
  await insertToken(trx, {
    id: access.id,
    secretHash: access.hash,
    kind: 'access',
    grantId: options.grantId,
    scopes: options.accessScopes,
    createdAt: createdIso,
    expiresAt: accessExpires,
  });
  let latestExpiry = accessExpires;
  let refreshToken: string | undefined;
  if (options.refreshScopes) {
    const refresh = generateToken('refreshToken', newId(options.now));
    latestExpiry = isoTime((createdAt + lifetimes.refreshTokenTtl) * 1000);
    await insertToken(trx, {
      id: refresh.id,
      secretHash: refresh.hash,
      kind: 'refresh',
      grantId: options.grantId,
      scopes: options.refreshScopes,
      createdAt: createdIso,
      expiresAt: latestExpiry,
    });
    refreshToken = refresh.value;
  }
  if (options.grantExpiresAt === undefined || options.grantExpiresAt < latestExpiry) {
    await extendGrant(trx, options.grantId, latestExpiry);
  }
  return {
    access_token: access.value,
    token_type: 'Bearer',
    expires_in: lifetimes.accessTokenTtl,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: options.accessScopes.join(' '),
    created_at: createdAt,
  };
}
