/**
 * Opaque credentials: 256 random bits, base64url, behind a readable prefix per kind so secret
 * scanners (and people) can tell a leaked Marquee credential and what it is. Only the SHA-256 of
 * a secret is stored; a 256-bit random value needs no salt or slow hash (SPEC §4, RFC 9700 §4.14).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { secureRandomBytes } from '../security/random.js';

export const CREDENTIAL_PREFIXES = {
  clientId: 'mqc_',
  clientSecret: 'mqs_',
  authorizationCode: 'mqg_',
  accessToken: 'mqa_',
  refreshToken: 'mqr_',
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
