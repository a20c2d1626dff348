#!/usr/bin/env node
/**
 * A stand-in for Sentry's ingest endpoint, for the end-to-end tests: it accepts envelopes from the
 * browser SDK and the server SDK (DSN `http://public@127.0.0.1:<port>/1`), decodes them and keeps
 * them in memory for the tests to read.
 *
 *   POST   /api/<project>/envelope/  an envelope (plain or gzip), answered 200 `{}` like Sentry does
 *   GET    /envelopes                the envelopes received so far, decoded (JSON list)
 *   DELETE /envelopes                forgets them
 *
 * Usage: node tests/support/sentry-ingest.mjs [port] (or E2E_SENTRY_PORT); it listens on 127.0.0.1
 * and stops on SIGTERM or SIGINT. Plain Node, no dependency.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync, unzipSync } from 'node:zlib';

const port = Number(process.argv[2] ?? process.env.E2E_SENTRY_PORT ?? 3212);

/** @type {Array<{ receivedAt: number, header: unknown, items: Array<{ header: Record<string, unknown>, payload: unknown }>, text: string }>} */
let envelopes = [];

function decodeBody(body, encoding) {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  return body;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A replay recording is `{"segment_id":N}\n` followed by the rrweb events, as JSON text or
 * compressed (zlib or gzip) by the SDK's worker.
 */
function decodeReplayRecording(bytes) {
  const newline = bytes.indexOf(0x0a);
  const header = parseJson(bytes.subarray(0, newline).toString('utf8'));
  const data = bytes.subarray(newline + 1);
  let events;
  try {
    events = parseJson(unzipSync(data).toString('utf8'));
  } catch {
    events = parseJson(data.toString('utf8'));
  }
  return { header, events };
}

/**
 * An envelope is a header line, then items: a header line and a payload, which is either the next
 * line or, when the item header gives a `length`, exactly that many bytes.
 */
function parseEnvelope(bytes) {
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(0x0a, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end);
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  const header = parseJson(readLine().toString('utf8'));
  const items = [];
  while (offset < bytes.length) {
    const headerLine = readLine();
    if (headerLine.length === 0) continue;
    const itemHeader = parseJson(headerLine.toString('utf8'));
    let payloadBytes;
    if (typeof itemHeader?.length === 'number') {
      payloadBytes = bytes.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (bytes[offset] === 0x0a) offset += 1;
    } else {
      payloadBytes = readLine();
    }
    const payload =
      itemHeader?.type === 'replay_recording'
        ? decodeReplayRecording(payloadBytes)
        : parseJson(payloadBytes.toString('utf8'));
    items.push({ header: itemHeader, payload });
  }
  // Everything that arrived, in readable form: what a test searches for a secret that leaked.
  const text = [JSON.stringify(header), ...items.map((item) => JSON.stringify(item))].join('\n');
  return { receivedAt: Date.now(), header, items, text };
}

/** The browser SDK posts from the product's origin: the answer must allow it, as Sentry's does. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding',
  'access-control-expose-headers': 'x-sentry-rate-limits, retry-after',
};

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders).end();
      return;
    }
    if (request.method === 'POST' && /^\/api\/[^/]+\/envelope\/?$/.test(url.pathname)) {
      try {
        const body = decodeBody(Buffer.concat(chunks), request.headers['content-encoding']);
        envelopes.push(parseEnvelope(body));
        response.writeHead(200, { ...corsHeaders, 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        process.stderr.write(`sentry-ingest: unreadable envelope: ${String(error)}\n`);
        response.writeHead(400, corsHeaders).end();
      }
      return;
    }
    if (url.pathname === '/envelopes' && request.method === 'GET') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(envelopes));
      return;
    }
    if (url.pathname === '/envelopes' && request.method === 'DELETE') {
      envelopes = [];
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`sentry-ingest listening on http://127.0.0.1:${port}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
