import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

/**
 * A body that never changes while the server runs (a prerendered page, the app shell once completed,
 * a page's payload): compressed at most once per encoding, on first demand, and sent from memory.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

export interface PreparedBody {
  readonly text: string;
  readonly contentType: string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function prepareBody(text: string, contentType: string): PreparedBody {
  const cache = new Map<Encoding, Promise<Buffer>>();
  const content = Buffer.from(text, 'utf8');
  return {
    text,
    contentType,
    encoded(encoding) {
      let result = cache.get(encoding);
      if (result === undefined) {
        result =
          encoding === 'br'
            ? brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              })
            : gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION });
        // A failure is not kept: the next request tries again.
        result.catch(() => cache.delete(encoding));
        cache.set(encoding, result);
      }
      return result;
    },
  };
}

/**
 * The encoding to send for an Accept-Encoding header: brotli or gzip, whichever has the higher
 * q-value (brotli on a tie, being smaller), `*` standing for any not named; none: the plain body.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = weight === undefined ? 1 : Number(weight.slice(2));
    const coding = name === 'x-gzip' ? 'gzip' : name;
    if (coding !== '' && Number.isFinite(quality)) weights.set(coding, quality);
  }
  const any = weights.get('*') ?? 0;
  const brQuality = weights.get('br') ?? any;
  const gzipQuality = weights.get('gzip') ?? any;
  if (brQuality <= 0 && gzipQuality <= 0) return undefined;
  return brQuality >= gzipQuality ? 'br' : 'gzip';
}

/** Adds names to the Vary header without repeating one already there. */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const existing =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  const lowered = new Set(existing.map((name) => name.toLowerCase()));
  const added = names.filter((name) => !lowered.has(name.toLowerCase()));
  if (added.length > 0) reply.header('vary', [...existing, ...added].join(', '));
}

/** Sends the body, compressed when the request accepts it. */
export async function sendPreparedBody(
  reply: FastifyReply,
  statusCode: number,
  body: PreparedBody,
): Promise<FastifyReply> {
  reply.code(statusCode).type(body.contentType);
  // The same URL has compressed and plain answers: shared caches must key on Accept-Encoding.
  addVary(reply, 'Accept-Encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
