import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty body sent
 * to a route that takes none is no body at all rather than malformed JSON: many HTTP clients send
 * `Content-Type: application/json` on every request, a DELETE included. A route that takes a body
 * still refuses an empty one as `invalid_json`.
 *
 * Called on the root instance before any route, so that every route sees the parser.
 */
export function readJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0 && request.routeOptions.schema?.body === undefined) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
