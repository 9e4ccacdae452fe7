/**
 * The pino logger. Request lines carry the method, the path and the client's address only: a query string may hold a
 * code or a token someone sent where they should not, and no credential may reach a log (SPEC §4).
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        // `ip` is the client's address: X-Forwarded-For only from proxies TRUST_PROXY names.
        req: (req: FastifyRequest) => ({ method: req.method, path: req.url.split('?')[0], ip: req.ip }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    },
    destination,
  );
}
