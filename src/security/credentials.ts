/**
 * Opaque credentials: 256 random bits, base64url, behind a readable prefix per kind so secret
 * scanners (and people) can tell a leaked Marquee credential and what it is. Only the SHA-256 of
 * a secret is stored; a 256-bit random value needs no salt or slow hash (SPEC §4, RFC 9700 §4.14).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { secureRandomBytes } from './random.js';

export const CREDENTIAL_PREFIXES = {
  clientId: 'mqc_',
  clientSecret: 'mqs_',
  authorizationCode: 'mqg_',
  accessToken: 'mqa_',
  refreshToken: 'mqr_',
  passwordLink: 'mqp_',
  calendarFeed: 'mqf_',
  apiKey: 'mqk_',
  documentLink: 'mqd_',
} as const;

export type CredentialKind = keyof typeof CREDENTIAL_PREFIXES;

export interface GeneratedCredential {
  value: string;
  hash: string;
}

export function hashCredential(value: string): string {
  // The one-shot digest: no Hash object per request (every API request hashes its bearer token).
  return hash('sha256', value, 'base64url');
}

export function generateCredential(kind: CredentialKind): GeneratedCredential {
  const value = CREDENTIAL_PREFIXES[kind] + secureRandomBytes(32).toString('base64url');
  return { value, hash: hashCredential(value) };
}

/** The kinds of credential that carry their row's id: oauth_tokens' two, and API keys (api_keys). */
export type TokenCredentialKind = 'accessToken' | 'refreshToken' | 'apiKey';

export interface GeneratedToken {
  /** The token: its prefix, its row's id, then 256 random bits. */
  value: string;
  /** Its row's id, and the key it is found by. */
  id: string;
  /** The SHA-256 of the whole token, compared once its row is found. */
  hash: string;
}

/** A row id (src/db/ids.ts) and the 256-bit secret (43 base64url characters) after a prefix. */
const TOKEN_WITH_ID = new RegExp(
  `^(?:${CREDENTIAL_PREFIXES.accessToken}|${CREDENTIAL_PREFIXES.refreshToken})([0-9a-z]{26})[A-Za-z0-9_-]{43}$`,
);

/**
 * Access and refresh tokens and API keys carry the id of their row before their secret (a "split token"): the
 * row is found by the id, and the token accepted only when the SHA-256 of the whole value matches
 * the one stored, compared in constant time. Keyed by the id, a new token's index entries follow
 * the order of time, where keyed by its hash each fell on a random page of the index.
 */
export function generateToken(kind: TokenCredentialKind, id: string): GeneratedToken {
  const value = CREDENTIAL_PREFIXES[kind] + id + secureRandomBytes(32).toString('base64url');
  return { value, id, hash: hashCredential(value) };
}

/** The row id a presented token carries, when it has the form of one that does. */
export function tokenIdOf(presented: string): string | undefined {
  return TOKEN_WITH_ID.exec(presented)?.[1];
}

/** Client ids are public, but random too, so they cannot be enumerated. */
export function generateClientId(): string {
  return CREDENTIAL_PREFIXES.clientId + secureRandomBytes(16).toString('base64url');
}

/** Compares a presented secret with a stored hash in constant time. */
export function credentialMatches(presented: string, storedHash: string): boolean {
  const actual = Buffer.from(hashCredential(presented), 'base64url');
  const expected = Buffer.from(storedHash, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
