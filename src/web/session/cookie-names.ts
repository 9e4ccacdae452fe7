/**
 * The names and flags of the browser cookies. Over https (AUTH_URL is https, or a proxy trusted
 * by TRUST_PROXY says the request came over https) cookies are `Secure` and carry the `__Host-`
 * prefix, which browsers accept only from a secure origin with `Path=/` and no `Domain`, so a
 * sibling subdomain or a plain-http page cannot plant or overwrite them.
 */
import type { FastifyRequest } from 'fastify';

export interface CookieNames {
  secure: boolean;
  session: string;
  csrf: string;
}

const PLAIN: CookieNames = { secure: false, session: 'marquee_session', csrf: 'marquee_csrf' };
const SECURE: CookieNames = {
  secure: true,
  session: '__Host-marquee_session',
  csrf: '__Host-marquee_csrf',
};

export function cookieNames(request: FastifyRequest): CookieNames {
  const https = request.ctx.config.authUrl.startsWith('https:') || request.protocol === 'https';
  return https ? SECURE : PLAIN;
}

export const cookieOptions = (names: CookieNames) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: names.secure,
  path: '/',
});
