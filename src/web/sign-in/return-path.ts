/**
 * Where a visitor may be sent back to after signing in: a path on AUTH_URL's own origin and
 * nothing else (RFC 9700 §4.11, open redirectors). Browsers drop tabs and newlines from URLs and
 * read `\` as `/`, so `/\evil.example` and `/%09/evil.example` become `//evil.example`, another
 * host; such values, any control character or whitespace, and anything that resolves to another
 * origin fall back to `/`. CR and LF never reach a Location header (no header injection). The path
 * that is returned is the resolved one (`/..//evil.example` resolves to `//evil.example`), so the
 * same checks apply to it again.
 */
const MAX_LENGTH = 4000;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;

/** A path a browser reads as a path on this origin: not `//host`, nothing it would rewrite. */
function plainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE.test(value);
}

export function safeReturnPath(value: unknown, authUrl: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !plainPath(value)) return '/';
  let target: URL;
  try {
    target = new URL(value, authUrl);
  } catch {
    return '/';
  }
  if (target.origin !== new URL(authUrl).origin) return '/';
  const path = `${target.pathname}${target.search}${target.hash}`;
  return plainPath(path) ? path : '/';
}
