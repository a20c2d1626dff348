import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/errors.ts';

export interface BuildInfoOptions {
  /** Where the client build writes builds/latest.json and builds/meta/<id>.json. */
  clientDir: string;
}

const buildIdFile = /^[A-Za-z0-9_-]{1,128}\.json$/;

/**
 * The build manifests the client polls to learn of a newer build: `latest.json` names the current
 * build and must never be cached; `meta/<id>.json` describes one build and never changes. Both are
 * read per request, so they are what is on disk now.
 */
async function buildInfo(fastify: FastifyInstance, options: BuildInfoOptions): Promise<void> {
  const buildsDir = path.join(options.clientDir, 'builds');

  fastify.get('/builds/latest.json', async (_request, reply) => {
    return sendJsonFile(reply, path.join(buildsDir, 'latest.json'), 'no-store');
  });

  fastify.get<{ Params: { file: string } }>('/builds/meta/:file', async (request, reply) => {
    // The name is checked before it touches the file system: no separators, no dots but the extension.
    if (!buildIdFile.test(request.params.file))
      throw new AppError('not_found', 404, { message: 'No such build' });
    return sendJsonFile(
      reply,
      path.join(buildsDir, 'meta', request.params.file),
      'public, max-age=31536000, immutable',
    );
  });
}

async function sendJsonFile(
  reply: FastifyReply,
  file: string,
  cacheControl: string,
): Promise<FastifyReply> {
  let content: string;
  try {
    content = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('not_found', 404, { message: 'No such build' });
    throw error;
  }
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', cacheControl)
    .send(content);
}

export default fp(buildInfo, { name: 'bff-build-info' });
