/**
 * Text with NUL (U+0000) characters is refused at the door. PostgreSQL cannot store it and fails
 * the query; SQLite could, so the two databases would disagree. A 400 on both is the one answer.
 */
import type { FastifyInstance } from 'fastify';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export class NulCharacterError extends Error {
  readonly statusCode = 400;
  readonly code = 'MQ_NUL_CHARACTER';
  /** The query parameter that held it, when it was one. */
  constructor(readonly parameter?: string) {
    super(`${parameter ?? 'Text'} may not contain NUL (U+0000) characters.`);
  }
}

export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!/%00/i.test(request.url) && !containsNul(request.body)) return done();
    const query = (request.query ?? {}) as Record<string, unknown>;
    const parameter = Object.entries(query).find(
      ([key, value]) => key.includes('\u0000') || containsNul(value),
    )?.[0];
    done(new NulCharacterError(parameter?.replaceAll('\u0000', '\\0')));
  });
}
