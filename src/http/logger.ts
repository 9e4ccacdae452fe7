/**
 * The pino logger. Request lines carry the method, the path and the client's address only: a query string may hold a
 * code or a token someone sent where they should not, and no credential may reach a log (SPEC §4). Paths whose
 * last part is itself a secret (a set-password link, a calendar feed, a client's document link) are logged without it,
 * and so is anything that reads as a credential (their prefixes, src/oauth/credentials.ts), wherever it stands.
 * Both are judged on the path as the router reads it: its escapes decoded (`/%70/…` opens the portal as `/p/…`
 * does), so the path is logged decoded.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

/** Paths that end in a secret, and where it begins; whatever their case and however many slashes. */
const SECRET_PATHS = /^(\/+(?:set-password|calendar|p)\/+)[^/?#]+/i;
/** A credential: one of Marquee's prefixes (mqa_, mqd_, …) and what follows it. */
const CREDENTIAL = /mq[a-z]_[^/?#\s]*/gi;
/** Escapes are decoded this many times at most: a path escaped again and again stays unreadable, not slow. */
const DECODINGS = 4;

/** One round of percent-decoding; escapes that make no UTF-8 are read as single bytes. */
function decodeOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** The path as it is logged: decoded, no query, no secret. */
export function loggedPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  for (let round = 0; round < DECODINGS && path.includes('%'); round++) {
    const decoded = decodeOnce(path);
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(SECRET_PATHS, '$1…').replace(CREDENTIAL, (found) => `${found.slice(0, 4)}…`);
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
