import type { FastifyInstance } from 'fastify';
import {
  imageFolders,
  type ImageFolder,
  type SeededStore,
  type StoreImage,
} from './seeded-store.ts';

/**
 * The stores' images, served by the local Shopify itself at the addresses their catalogs give
 * (`/<shop>/cdn/shop/<folder>/<file>`, SeededStore.imageUrl), so that local mode shows them without
 * the internet. Each is drawn on the fly: a plain SVG of the image's size in its product's colour.
 * Like a CDN's files they never change at an address, and are cached for a year.
 */

const cacheForAYear = 'public, max-age=31536000, immutable';
/** An image opened on its own runs nothing and loads nothing. */
const imagePolicy = "default-src 'none'; style-src 'unsafe-inline'";

function renderStoreImage(image: StoreImage): string {
  const { width, height, colour } = image;
  const radius = Math.round(Math.min(width, height) / 6);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${colour}"/>` +
    `<circle cx="${Math.round(width / 2)}" cy="${Math.round(height / 2)}" r="${radius}" fill="#ffffff" fill-opacity="0.35"/>` +
    `</svg>`
  );
}

const isFolder = (folder: string): folder is ImageFolder =>
  (imageFolders as readonly string[]).includes(folder);

export function storeImageRoutes(stores: Map<string, SeededStore>) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { shop: string; folder: string; file: string } }>(
      '/:shop/cdn/shop/:folder/:file',
      async (request, reply) => {
        const { shop, folder, file } = request.params;
        const image = isFolder(folder) ? stores.get(shop)?.imageAt(folder, file) : undefined;
        if (image === undefined) return reply.code(404).send({ error: 'unknown_file' });
        return reply
          .header('cache-control', cacheForAYear)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', imagePolicy)
          .type('image/svg+xml')
          .send(renderStoreImage(image));
      },
    );
  };
}
