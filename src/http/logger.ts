/**
 * The pino logger. Request lines carry the method, the path and the client's address only: a query string may hold a
 * code or a token someone sent where they should not, and no credential may reach a log (SPEC §4). Paths whose
 * last part is itself a secret (a set-password link, a calendar feed, a client's document link) are logged without it.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

/** Paths that end in a secret, and where it begins. */
const SECRET_PATHS = /^(\/(?:set-password|calendar|p)\/)[^/?]+/;

export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '').replace(SECRET_PATHS, '$1…');
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-api-key"]',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
        ],
        remove: true,
      },
      serializers: {
        // `ip` is the client's address: X-Forwarded-For only from proxies TRUST_PROXY names.
        req: (req: FastifyRequest) => ({ method: req.method, path: loggedPath(req.url), ip: req.ip }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    },
    destination,
  );
}
