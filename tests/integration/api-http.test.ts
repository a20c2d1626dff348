import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBodyLimitBytes } from '#shared/constants.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';

/** The API's HTTP contract outside the account rules: error envelope, body handling, probes, docs. */

let api: ApiTestContext;

beforeAll(async () => {
  api = await startApiForTests();
});

afterAll(async () => {
  await api?.close();
});

async function signedInHeaders(): Promise<Record<string, string>> {
  const user = await createEmailUser(api.emulatorHost);
  return bearer(user.idToken);
}

describe('request bodies', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload: '{"language": "fr",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response).code).toBe('invalid_json');
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_json');
  });

  it('refuses JSON that tries prototype pollution', async () => {
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload: '{"__proto__": {"theme": "dark"}}',
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_json');
  });

  it('answers a body that is not an object with 400 invalid_request', async () => {
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload: '["language", "fr"]',
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_request');
  });

  it('answers a body over 1 MB with 413 payload_too_large', async () => {
    const oversized = JSON.stringify({ displayName: 'x'.repeat(apiBodyLimitBytes) });

    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload: oversized,
    });

    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
  });

  it('accepts a body just under the limit as far as size goes', async () => {
    // Refused for its display name, not its size: the limit is 1 MB, not less.
    const payload = JSON.stringify({ displayName: 'x'.repeat(apiBodyLimitBytes - 100) });

    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: { ...(await signedInHeaders()), 'content-type': 'application/json' },
      payload,
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_displayName');
  });

  it('answers a body that is not JSON with 415 unsupported_media_type', async () => {
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: {
        ...(await signedInHeaders()),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'language=fr',
    });

    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('unsupported_media_type');
  });
});

describe('unknown routes', () => {
  it('answers JSON 404 not_found, with or without a token', async () => {
    const unknown = await api.app.inject({
      method: 'GET',
      url: '/api/v1/account/nothing-here',
      headers: await signedInHeaders(),
    });
    const outside = await api.app.inject({ method: 'GET', url: '/nothing-here?token=secret' });
    const wrongMethod = await api.app.inject({
      method: 'PATCH',
      url: '/api/v1/account/me',
      headers: await signedInHeaders(),
    });

    for (const response of [unknown, outside, wrongMethod]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(response).code).toBe('not_found');
    }
    // The query string may carry secrets; it is not echoed back.
    expect(errorOf(outside).message).not.toContain('secret');
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('keeps a sane X-Request-Id and sends it back, on success and on failure', async () => {
    for (const url of ['/healthz', '/api/v1/account/me']) {
      const response = await api.app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'bff-trace:0123456789.abc_DEF-x' },
      });

      expect(response.headers['x-request-id']).toBe('bff-trace:0123456789.abc_DEF-x');
    }
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'forged id'],
    ['with a line break', 'trace\r\n{"level":60,"msg":"forged"}'],
    ['with a quote', 'trace"x'],
    ['empty', ''],
  ])('replaces an X-Request-Id %s with a generated one', async (_kind, incoming) => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': incoming },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(uuid);
  });
});

describe('GET /healthz', () => {
  it('answers 200 { status: "ok" } without a token', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/docs/json', () => {
  it('serves an OpenAPI 3 document listing the account routes and their responses', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown[] }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/v1/account/register'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/api/v1/account/me'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(document.paths['/api/v1/account/delete'] ?? {})).toEqual(['delete']);

    const register = document.paths['/api/v1/account/register']?.post;
    expect(Object.keys(register?.responses ?? {}).sort()).toEqual(
      ['201', '400', '401', '403', '409', '413', '415', '500', '503'].sort(),
    );
    expect(register?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(document.components.securitySchemes).toHaveProperty('firebaseIdToken');
    expect(document.paths).not.toHaveProperty('/api/docs/json');
  });
});
