import type { FastifyInstance } from 'fastify';

export const openApiDocumentPath = '/api/docs/json';

/**
 * Serves the OpenAPI document that @fastify/swagger builds from the routes' zod schemas. The API is
 * consumed by the BFF and by tooling, so only the JSON is served, not a UI.
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get(openApiDocumentPath, { schema: { hide: true } }, async () => app.swagger());
}
