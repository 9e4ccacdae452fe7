/**
 * JSON request bodies: `application/json` and JSON:API's `application/vnd.api+json` parse alike.
 * A DELETE (or GET) that names a JSON content type but sends no body has no body, rather than a
 * malformed one: clients that always send the header still delete.
 */
import type { FastifyInstance } from 'fastify';

export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/vnd.api+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      if (body === '' && (request.method === 'DELETE' || request.method === 'GET')) {
        done(null, undefined);
        return;
      }
      parse(request, String(body), done);
    },
  );
}
