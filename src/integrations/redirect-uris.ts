/**
 * Redirect URIs are registered exactly and compared as exact strings (RFC 9700 §4.1.3): no
 * wildcards. They must use https, except on loopback addresses where native and development apps
 * listen (RFC 8252 §7.3, whose port may then differ at authorization time), and may not carry a
 * fragment (RFC 6749 §3.1.2).
 */
import { ValidationError } from '../errors.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI cannot be registered, or `undefined` when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (uri.length > 2000) return 'is longer than 2,000 characters';
  if (uri.includes('*')) return 'may not contain a wildcard (*): register each URI exactly';
  if (url.hash || uri.includes('#')) return 'may not contain a fragment (#)';
  if (url.username || url.password) return 'may not contain user information';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'must use https (http is allowed only for 127.0.0.1, [::1] and localhost)';
}

export function checkRedirectUris(uris: readonly string[]): string[] {
  const distinct = [...new Set(uris.map((u) => u.trim()))];
  distinct.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new ValidationError({
        field: 'redirect_uris',
        detail: `The redirect URI "${uri}" ${problem}.`,
        source: { pointer: `/redirect_uris/${index}` },
      });
  });
  return distinct;
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '[::1]']);

/**
 * Whether a requested redirect URI is one registered: the same string, or, for http on a loopback
 * address, the same URI on another port (RFC 8252 §7.3: native apps listen on an ephemeral port).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_ADDRESSES.has(url.hostname)) return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((candidate) => {
    try {
      const r = new URL(candidate);
      return r.protocol === 'http:' && LOOPBACK_ADDRESSES.has(r.hostname) && portless(r) === portless(url);
    } catch {
      return false;
    }
  });
}
