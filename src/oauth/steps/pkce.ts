/**
 * PKCE (RFC 7636) with S256 only: `plain` offers no protection once the request leaks, so it is
 * refused (RFC 9700 §2.1.1). A code issued with a challenge needs the matching verifier; a
 * verifier sent for a code issued without one is refused too, which blocks PKCE downgrade
 * attacks (RFC 9700 §4.8.2). Integrations are confidential clients, for which RFC 9700 §2.1.1
 * only recommends PKCE; one whose *Require PKCE* setting is on gets no code without a challenge,
 * so a stolen or injected code is useless to an attacker even if its secret leaks.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const CHALLENGE_OR_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isWellFormedPkceValue(value: string): boolean {
  return CHALLENGE_OR_VERIFIER.test(value);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Why an authorization request lacks the PKCE its integration requires, or `undefined`. */
export function requiredPkceProblem(
  integration: { requirePkce: boolean },
  challenge: string | undefined,
): string | undefined {
  return integration.requirePkce && challenge === undefined
    ? 'PKCE is required for this integration: send a code_challenge with code_challenge_method=S256.'
    : undefined;
}

/** Why the verifier does not satisfy the code's challenge, or `undefined` when it does. */
export function pkceProblem(challenge: string | null, verifier: string | undefined): string | undefined {
  if (challenge === null) {
    return verifier === undefined
      ? undefined
      : 'code_verifier was sent, but the authorization request had no code_challenge.';
  }
  if (verifier === undefined)
    return 'code_verifier is required: the authorization request sent a code_challenge.';
  if (!isWellFormedPkceValue(verifier))
    return 'code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1).';
  const actual = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? undefined
    : 'code_verifier does not match the code_challenge.';
}
