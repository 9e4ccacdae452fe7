/**
 * JSON:API documents go out as `application/vnd.api+json` with no media type parameters
 * (JSON:API 1.1 §5.1 allows only `ext` and `profile`); Fastify adds `charset=utf-8` to every
 * JSON-like type it serializes, so it is taken off again here, for documents and errors alike.
 */
import type { FastifyInstance } from 'fastify';

/** The media type of JSON:API documents. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

const WITH_CHARSET = `${JSONAPI_MEDIA_TYPE}; charset=utf-8`;

export function sendBareJsonApiMediaType(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.getHeader('content-type') === WITH_CHARSET) reply.header('content-type', JSONAPI_MEDIA_TYPE);
    done(null, payload);
  });
}
