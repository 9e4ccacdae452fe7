/**
 * Text with NUL (U+0000) characters is refused at the door. PostgreSQL cannot store it and fails
 * the query; SQLite could, so the two databases would disagree. A 400 on both is the one answer,
 * except on routes whose rules judge every text field they take (`config.textRules`: the writes of
 * venue data, over the API and in the workspace's forms): there a NUL in the body is a control
 * character like any other, refused as a 422 beside every other bad field (src/crm/validation.ts),
 * before anything reaches the database. A NUL in the URL is refused everywhere.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rules check every text field of its body (a NUL there is theirs to refuse). */
    textRules?: boolean;
  }
}

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
    if (/%00/i.test(request.url)) return done(new NulCharacterError(queryParameterWithNul(request.query)));
    if (request.routeOptions.config.textRules || !containsNul(request.body)) return done();
    done(new NulCharacterError());
  });
}

function queryParameterWithNul(query: unknown): string | undefined {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return entries
    .find(([key, value]) => key.includes('\u0000') || containsNul(value))?.[0]
    ?.replaceAll('\u0000', '\\0');
}
