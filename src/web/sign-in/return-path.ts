/**
 * Where a visitor may be sent back to after signing in: a path on AUTH_URL's own origin and
 * nothing else (RFC 9700 §4.11, open redirectors). Browsers drop tabs and newlines from URLs and
 * read `\` as `/`, so `/\evil.example` and `/%09/evil.example` become `//evil.example`, another
 * host; such values, any control character or whitespace, and anything that resolves to another
 * origin fall back to `/`. CR and LF never reach a Location header (no header injection).
 */
const MAX_LENGTH = 4000;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;

export function safeReturnPath(value: unknown, authUrl: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return '/';
  let target: URL;
  try {
    target = new URL(value, authUrl);
  } catch {
    return '/';
  }
  if (target.origin !== new URL(authUrl).origin) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}
