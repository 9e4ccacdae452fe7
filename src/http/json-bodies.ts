/**
 * JSON request bodies: `application/json` and JSON:API's `application/vnd.api+json` parse alike.
 * A request that names a JSON content type but sends no body has no body, rather than a malformed
 * one, where the route takes none (a DELETE, a GET, an action such as `POST …/issue`): clients
 * that always send the header still delete and act. A route that takes a body is told it is empty.
 */
import type { FastifyInstance } from 'fastify';

export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/vnd.api+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const takesNone =
        request.method === 'DELETE' || request.method === 'GET' || !request.routeOptions.schema?.body;
      if (body === '' && takesNone) {
        done(null, undefined);
        return;
      }
      parse(request, String(body), done);
    },
  );
}
