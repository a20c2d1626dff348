import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  signIn,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type EchoedRequest,
  type EchoUpstream,
} from './bff-test-harness.ts';

/**
 * Many HTTP client wrappers send `Content-Type: application/json` on every request, a DELETE with
 * no body included. Where a route takes no body, that empty body is no body, on both servers; where
 * a route takes one, an empty body is still malformed JSON.
 */

const emptyJson = { 'content-type': 'application/json', 'content-length': '0' };

describe('the BFF', () => {
  let upstream: EchoUpstream;
  let bff: BffHarness;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    bff = await startBff({ upstreamUrl: upstream.url });
  });

  afterAll(async () => {
    await bff?.close();
    await upstream?.close();
  });

  test.each(['/auth/session', '/auth/sessions'])(
    'DELETE %s with an empty JSON body signs out',
    async (url) => {
      const sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));
      const response = await bff.app.inject({
        method: 'DELETE',
        url,
        headers: { ...clientHeaders, ...cookieHeader(sessionId), ...emptyJson },
        payload: '',
      });

      expect(response.statusCode, response.body).toBe(204);
      const after = await bff.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: cookieHeader(sessionId),
      });
      expect(after.json()).toEqual({ user: null });
    },
  );

  test('a route that takes a body still refuses an empty one as invalid_json', async () => {
    const response = await bff.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: { ...clientHeaders, ...emptyJson },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_json');
  });

  test('forwards a DELETE with an empty JSON body to the API as it came', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));
    const response = await bff.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/registration',
      headers: { ...clientHeaders, ...cookieHeader(sessionId), ...emptyJson },
      payload: '',
    });

    expect(response.statusCode, response.body).toBe(200);
    const echoed = response.json() as EchoedRequest;
    expect(echoed).toMatchObject({ method: 'DELETE', body: '' });
    expect(echoed.headers['content-type']).toBe('application/json');
  });
});

describe('the API', () => {
  let api: ApiTestContext;

  beforeAll(async () => {
    api = await startApiForTests();
  });

  afterAll(async () => {
    await api?.close();
  });

  test('DELETE /api/v1/account/registration with an empty JSON body cancels the sign-up', async () => {
    const user = await createEmailUser(api.emulatorHost, { verified: false });
    const response = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/registration',
      headers: { ...bearer(user.idToken), ...emptyJson },
      payload: '',
    });

    expect(response.statusCode, response.body).toBe(204);
    expect(await api.identity.findUser(user.uid)).toBeNull();
  });

  test('a route that takes a body still refuses an empty one as invalid_json', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...bearer(user.idToken), ...emptyJson },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_json');
  });
});
