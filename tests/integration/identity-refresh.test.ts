import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityProvider,
  IdentityProviderUnavailableError,
  RefreshTokenRefusedError,
  type IdentityProvider,
} from '#server/platform/identity.ts';
import { testProjectId } from '../support/test-environment.ts';

/**
 * How a refresh answer is read decides whether a session ends: only a refusal of the token itself
 * may sign a user out. A small local server plays the Secure Token API with each kind of answer.
 */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let server: http.Server;
let identity: IdentityProvider;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  identity = createIdentityProvider(
    {
      projectId: testProjectId,
      apiKey: 'test-api-key',
      authDomain: 'demo-vitrine.firebaseapp.com',
    },
    `127.0.0.1:${port}`,
  );
});

afterAll(async () => {
  await identity.close();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = (message: string) => JSON.stringify({ error: { code: 400, message } });

describe('refreshing an ID token', () => {
  test('returns the new tokens and their expiry', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        id_token: 'new-id',
        refresh_token: 'new-refresh',
        expires_in: '3600',
      }),
    };
    const before = Date.now();
    const tokens = await identity.refreshIdToken('old-refresh');
    expect(tokens).toMatchObject({ idToken: 'new-id', refreshToken: 'new-refresh' });
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_599_000);
  });

  test.each(['TOKEN_EXPIRED', 'USER_DISABLED', 'USER_NOT_FOUND', 'INVALID_REFRESH_TOKEN'])(
    'treats %s as a refused token, which ends the session',
    async (message) => {
      answer = { status: 400, body: refusal(message) };
      await expect(identity.refreshIdToken('old-refresh')).rejects.toBeInstanceOf(
        RefreshTokenRefusedError,
      );
    },
  );

  test.each([
    ['a rate limit', 429, refusal('TOO_MANY_ATTEMPTS_TRY_LATER')],
    ['a quota error', 400, refusal('QUOTA_EXCEEDED')],
    ['a timeout', 408, '{}'],
    ['a server error', 503, '{}'],
    ['an unreadable answer', 200, '<html>proxy error</html>'],
    ['a success without tokens', 200, '{}'],
  ])(
    'treats %s as Firebase being unavailable, which keeps the session',
    async (_kind, status, body) => {
      answer = { status, body };
      await expect(identity.refreshIdToken('old-refresh')).rejects.toBeInstanceOf(
        IdentityProviderUnavailableError,
      );
    },
  );
});
