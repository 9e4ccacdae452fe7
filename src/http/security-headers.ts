/**
 * Security headers for every response (helmet): a strict Content-Security-Policy with no inline
 * script or style, framing forbidden (clickjacking on the consent page), nosniff, no referrer.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const BASE_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The policy for a page whose form ends in a redirect to another origin (the consent page):
 * browsers apply form-action to the redirect target too.
 */
export function policyAllowingFormTarget(origin: string): string {
  return serialize({ ...BASE_DIRECTIVES, 'form-action': ["'self'", origin] });
}

export async function registerSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...BASE_DIRECTIVES, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31536000, includeSubDomains: false } : false,
  });
}
