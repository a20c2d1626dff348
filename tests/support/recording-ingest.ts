import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A stand-in for Sentry's ingest endpoint for the integration tests: the real SDK sends its
 * envelopes here (`dsn`), and the test reads them back as text, decompressed, in order of arrival.
 * The end-to-end tests run tests/support/sentry-ingest.mjs instead, as a process of its own.
 */
export interface RecordingIngest {
  dsn: string;
  /** The body of every envelope received so far. */
  envelopes: string[];
  close(): Promise<void>;
}

export async function startRecordingIngest(): Promise<RecordingIngest> {
  const envelopes: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const bytes = request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
      if (request.method === 'POST' && request.url?.startsWith('/api/1/envelope/')) {
        envelopes.push(bytes.toString('utf8'));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
