/**
 * Every response carries X-Request-Id (SPEC §5). A well-formed id sent by a proxy is kept so a
 * request can be followed across hops; anything else is replaced by a fresh one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : randomUUID();
}
