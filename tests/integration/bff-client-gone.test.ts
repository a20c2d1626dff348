import http from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  cookieHeader,
  emulatorHost,
  logCollector,
  signIn,
  startBff,
  testConfig,
  type BffHarness,
} from './bff-test-harness.ts';

/**
 * A visitor who leaves while an answer is on its way (a closed tab, a navigation) is nobody's
 * failure: the BFF stops passing the API's answer on, and neither logs it as an error nor reports it.
 */

let upstream: FastifyInstance;
let upstreamUrl: string;
let bff: BffHarness;
const logs = logCollector();

beforeAll(async () => {
  upstream = Fastify();
  // An answer that takes its time: a first part at once, the rest a second later.
  upstream.get('/api/v1/streamed', async (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push('{"part":"one"');
    setTimeout(() => {
      body.push(',"rest":"two"}');
      body.push(null);
    }, 1_000);
    return reply.type('application/json').send(body);
  });
  upstream.get('/api/v1/late', async (_request, reply) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return reply.send({ late: true });
  });
  upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
  bff = await startBff({
    upstreamUrl,
    config: testConfig({ LOG_LEVEL: 'info' }),
    logStream: logs.stream,
  });
  await bff.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

test('a visitor who leaves mid-answer is neither an error in the log nor a report', async () => {
  const sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));
  const address = bff.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The BFF is not listening');

  const firstPart = await new Promise<string>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: address.port,
        path: '/api/v1/streamed',
        headers: cookieHeader(sessionId),
      },
      (response) => {
        response.once('data', (chunk: Buffer) => {
          // The visitor goes away once the answer has started.
          request.destroy();
          resolve(chunk.toString());
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
  expect(firstPart).toContain('"part":"one"');
  // Long enough for the rest of the upstream answer to arrive and meet the closed connection.
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const errorLines = logs
    .text()
    .split('\n')
    .filter((line) => line.includes('"level":50') || line.includes('"level":60'));
  expect(errorLines).toEqual([]);
});

test('a visitor who leaves before the answer is neither an error in the log nor a report', async () => {
  const sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));
  const address = bff.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The BFF is not listening');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const request = http.get({
      host: '127.0.0.1',
      port: address.port,
      path: '/api/v1/late',
      headers: cookieHeader(sessionId),
    });
    request.on('error', () => {});
    // Gone while the API still works on it, or just as its answer comes back.
    await new Promise((resolve) => setTimeout(resolve, 250 + attempt * 15));
    request.destroy();
  }
  await new Promise((resolve) => setTimeout(resolve, 800));

  const errorLines = logs
    .text()
    .split('\n')
    .filter((line) => line.includes('"level":50') || line.includes('"level":60'));
  expect(errorLines).toEqual([]);
});
