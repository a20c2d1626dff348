import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { craftIdToken, createEmailUser } from '../support/auth-emulator-users.ts';

/** Every /api/v1 route needs a valid Firebase ID token of this project, and believes nothing else. */

let api: ApiTestContext;

beforeAll(async () => {
  api = await startApiForTests();
});

afterAll(async () => {
  await api?.close();
});

const accountRoutes: InjectOptions[] = [
  {
    method: 'POST',
    url: '/api/v1/account/register',
    payload: {
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'en',
      email: 'a@example.com',
      emailVerified: true,
    },
  },
  { method: 'GET', url: '/api/v1/account/me' },
  { method: 'PUT', url: '/api/v1/account/me', payload: { language: 'fr' } },
  { method: 'DELETE', url: '/api/v1/account/delete' },
];

/**
 * A real emulator user, so that a crafted token is refused only for the claim a test changes: in
 * emulator mode firebase-admin also refuses tokens of users that do not exist.
 */
function freshIdentity() {
  return createEmailUser(api.emulatorHost);
}

async function expectUnauthenticated(headers: Record<string, string>) {
  for (const route of accountRoutes) {
    const response = await api.app.inject({ ...route, headers: { ...route.headers, ...headers } });
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
  }
}

describe('authentication of /api/v1', () => {
  it('accepts a token of this project (the control for the refusals below)', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const crafted = craftIdToken(await freshIdentity());

    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: '/api/v1/account/me',
          headers: bearer(user.idToken),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(crafted) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a request without a token', async () => {
    await expectUnauthenticated({});
  });

  it('refuses a garbage token and a header that is not a Bearer one', async () => {
    const user = await createEmailUser(api.emulatorHost);

    await expectUnauthenticated(bearer('not-a-jwt'));
    await expectUnauthenticated({ authorization: 'Bearer ' });
    await expectUnauthenticated({
      authorization: `Basic ${Buffer.from('user:password').toString('base64')}`,
    });
    await expectUnauthenticated({ authorization: user.idToken });
  });

  it('refuses a token of another Firebase project', async () => {
    await expectUnauthenticated(
      bearer(craftIdToken(await freshIdentity(), { projectId: 'demo-other' })),
    );
  });

  it('refuses an expired token', async () => {
    await expectUnauthenticated(
      bearer(craftIdToken(await freshIdentity(), { expiresInSeconds: -60 })),
    );
  });

  it('refuses a refresh token passed as if it were an ID token', async () => {
    const user = await createEmailUser(api.emulatorHost);

    await expectUnauthenticated(bearer(user.refreshToken));
  });

  it('trusts no identity header other than Authorization, nor a cookie', async () => {
    const user = await createEmailUser(api.emulatorHost);

    await expectUnauthenticated({
      'x-user-id': user.uid,
      'x-forwarded-user': user.email,
      'x-goog-authenticated-user-email': user.email,
      'x-firebase-uid': user.uid,
      cookie: `__Host-vitrine_session=${randomUUID()}; token=${user.idToken}`,
    });
  });

  it('refuses an anonymous caller before reading the body', async () => {
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { 'content-type': 'application/json' },
      payload: '{ this is not json',
    });

    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
  });
});
