import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createAccountApi } from '#client/lib/account-api.ts';
import { createApiClient, errorCodeOf, noContent, type FetchLike } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import type { Account } from '#shared/schemas/account.ts';

const okSchema = z.object({ ok: z.boolean() });
const anything = z.unknown();

const account: Account = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  accountType: 'email',
  subscriptionPlan: 'free',
  language: 'fr',
  theme: 'dark',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function client(fetch: FetchLike, isAuthInitialized = () => true) {
  const sleep = vi.fn(async () => {});
  return { request: createApiClient({ fetch, isAuthInitialized, sleep }), sleep };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('apiRequest', () => {
  it('calls the same-origin path with the CSRF header, and JSON only with a body', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, { ok: true }));
    const { request } = client(fetch);
    expect(await request('GET', '/api/v1/account/me', okSchema)).toEqual({ ok: true });
    await request('PUT', '/api/v1/account/me', okSchema, { language: 'fr' });
    const [getUrl, getInit] = fetch.mock.calls[0] ?? [];
    expect(getUrl).toBe('/api/v1/account/me');
    expect(getInit).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(getInit?.headers).toEqual({ accept: 'application/json', 'x-requested-with': 'vitrine' });
    expect(getInit).not.toHaveProperty('body');
    const [, putInit] = fetch.mock.calls[1] ?? [];
    expect(putInit?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(putInit?.body).toBe('{"language":"fr"}');
  });

  it('answers undefined for 204', async () => {
    const { request } = client(async () => new Response(null, { status: 204 }));
    expect(await request('DELETE', '/api/v1/account/delete', noContent)).toBeUndefined();
  });

  it('parses the answer with its schema: what the schema does not know is dropped', async () => {
    const { request } = client(async () => json(200, { ok: true, extra: 'dropped' }));
    expect(await request('GET', '/api/v1/account/me', okSchema)).toEqual({ ok: true });
  });

  it('refuses an answer that breaks its contract as internal_error, without guessing', async () => {
    for (const answer of [
      json(200, { ok: 'yes' }),
      json(200, { fine: true }),
      new Response(null, { status: 204 }),
      new Response('<html>not JSON</html>', { status: 200 }),
    ]) {
      const { request } = client(async () => answer);
      const error = await failure(request('GET', '/api/v1/account/me', okSchema));
      expect([error.status, error.code]).toEqual([answer.status, 'internal_error']);
    }
    // A body where none is expected breaks the contract too.
    const { request } = client(async () => json(200, { ok: true }));
    expect((await failure(request('DELETE', '/auth/sessions', noContent))).code).toBe(
      'internal_error',
    );
  });

  it("maps an error answer to ApiError with the body's code", async () => {
    const { request } = client(async () =>
      json(404, { error: { code: 'account_not_found', message: 'none' } }),
    );
    const error = await failure(request('GET', '/api/v1/account/me', anything));
    expect(error.status).toBe(404);
    expect(error.code).toBe('account_not_found');
  });

  it('passes on a request refused for arriving too slowly or with headers too large', async () => {
    for (const [status, code] of [
      [408, 'request_timeout'],
      [431, 'headers_too_large'],
    ] as const) {
      const { request } = client(async () => json(status, { error: { code, message: 'refused' } }));
      const error = await failure(request('GET', '/api/v1/account/me', anything));
      expect([error.status, error.code]).toEqual([status, code]);
    }
  });

  it('keeps field codes and falls back to internal_error for anything else', async () => {
    expect(errorCodeOf({ error: { code: 'invalid_language', message: '' } })).toBe(
      'invalid_language',
    );
    expect(errorCodeOf({ error: { code: 'invalid_displayName', message: '' } })).toBe(
      'invalid_displayName',
    );
    expect(errorCodeOf({ error: { code: 'made_up', message: '' } })).toBe('internal_error');
    // Not the error contract (no message): not trusted either.
    expect(errorCodeOf({ error: { code: 'rate_limited' } })).toBe('internal_error');
    expect(errorCodeOf({ error: 'x' })).toBe('internal_error');
    expect(errorCodeOf(null)).toBe('internal_error');
    const { request } = client(
      async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const error = await failure(request('GET', '/api/v1/account/me', anything));
    expect([error.status, error.code]).toEqual([502, 'internal_error']);
  });

  it('maps a network failure to status 0, network_error', async () => {
    const { request } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(request('GET', '/api/v1/account/me', anything));
    expect([error.status, error.code]).toEqual([0, 'network_error']);
  });

  it('never puts the body or the query string in the error message', async () => {
    const { request } = client(async () =>
      json(400, { error: { code: 'invalid_request', message: 'refused' } }),
    );
    const error = await failure(
      request('PUT', '/api/v1/account/me?token=abc', anything, { secret: 's3' }),
    );
    expect(error.message).toBe('PUT /api/v1/account/me: 400 invalid_request');
  });

  it('waits for auth to be initialised, 100 ms at a time, before the call goes', async () => {
    let initialized = false;
    const fetch = vi.fn<FetchLike>(async () => json(200, {}));
    const sleep = vi.fn(async () => {
      if (sleep.mock.calls.length === 3) initialized = true;
    });
    const request = createApiClient({ fetch, isAuthInitialized: () => initialized, sleep });
    await request('GET', '/api/v1/account/me', anything);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(100);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('goes anyway after 50 attempts', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, {}));
    const { request, sleep } = client(fetch, () => false);
    await request('GET', '/api/v1/account/me', anything);
    expect(sleep).toHaveBeenCalledTimes(50);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('account API', () => {
  it('reads data.user, and null when there is no account yet', async () => {
    const found = createAccountApi(
      createApiClient({
        fetch: async () => json(200, { data: { user: account } }),
        isAuthInitialized: () => true,
      }),
    );
    expect(await found.fetchAccount()).toEqual(account);
    const missing = createAccountApi(
      createApiClient({
        fetch: async () => json(404, { error: { code: 'account_not_found', message: '' } }),
        isAuthInitialized: () => true,
      }),
    );
    expect(await missing.fetchAccount()).toBeNull();
  });

  it('passes on other failures and refuses an answer of the wrong shape', async () => {
    const down = createAccountApi(
      createApiClient({
        fetch: async () => json(503, { error: { code: 'upstream_unavailable', message: '' } }),
        isAuthInitialized: () => true,
      }),
    );
    expect((await failure(down.fetchAccount())).code).toBe('upstream_unavailable');
    const odd = createAccountApi(
      createApiClient({
        fetch: async () => json(200, { user: account }),
        isAuthInitialized: () => true,
      }),
    );
    expect((await failure(odd.fetchAccount())).code).toBe('internal_error');
  });

  it('updates with PUT /api/v1/account/me', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(200, { data: { user: { ...account, theme: 'light' } } }),
    );
    const api = createAccountApi(createApiClient({ fetch, isAuthInitialized: () => true }));
    expect((await api.updateAccount({ theme: 'light' })).theme).toBe('light');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/account/me');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', body: '{"theme":"light"}' });
  });
});
