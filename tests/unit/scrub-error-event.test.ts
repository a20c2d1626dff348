import { describe, expect, it } from 'vitest';
import { ignoredErrors } from '#shared/error-reporting/ignored-errors.ts';
import {
  redactUrl,
  scrubAttributes,
  scrubBreadcrumb,
  scrubEvent,
} from '#shared/error-reporting/scrub-event.ts';
import { tracePropagationTargets } from '#shared/error-reporting/trace-propagation-targets.ts';

/** What leaves the process in an error report: no credential, everything else intact. */

describe('request headers', () => {
  it('drops authorization, cookie and x-api-key in any case and keeps the others', () => {
    const event = scrubEvent({
      request: {
        headers: {
          Authorization: 'Bearer eyJ.secret',
          COOKIE: '__Host-vitrine_session=abc',
          'X-Api-Key': 'k-123',
          'user-agent': 'Mozilla/5.0',
          'x-request-id': 'req-1',
        },
      },
    });

    expect(event.request?.headers).toEqual({
      'user-agent': 'Mozilla/5.0',
      'x-request-id': 'req-1',
    });
  });

  it('drops the parsed cookies along with the header', () => {
    const event = scrubEvent({ request: { cookies: { session: 'abc' }, method: 'GET' } });

    expect(event.request).toEqual({ method: 'GET' });
  });
});

describe('body fields', () => {
  it('redacts every listed field at any depth, in objects and arrays', () => {
    const event = scrubEvent({
      request: {
        data: {
          password: 'hunter2',
          profile: { displayName: 'Ada', auth: { provider: 'google' } },
          keys: [{ key: 'k1', label: 'first' }, { apiKey: 'k2' }],
          Token: 'capitalised',
          idToken: 'eyJ.id',
          refreshToken: 'r-1',
        },
      },
      extra: { deep: { deeper: { secret: 's' } }, count: 3 },
      contexts: { shop: { domain: 'x.myshopify.com', apikey: 'lowercase' } },
    });

    expect(event.request?.data).toEqual({
      password: '[REDACTED]',
      profile: { displayName: 'Ada', auth: '[REDACTED]' },
      keys: [{ key: '[REDACTED]', label: 'first' }, { apiKey: '[REDACTED]' }],
      Token: '[REDACTED]',
      idToken: '[REDACTED]',
      refreshToken: '[REDACTED]',
    });
    expect(event.extra).toEqual({ deep: { deeper: { secret: '[REDACTED]' } }, count: 3 });
    expect(event.contexts).toEqual({
      shop: { domain: 'x.myshopify.com', apikey: '[REDACTED]' },
    });
  });

  it('leaves fields that only contain a listed name alone', () => {
    const data = {
      keyboard: 'azerty',
      tokens_left: 4,
      author: 'Ada',
      passwordPolicy: 'strong',
      list: ['password', 'token'],
    };

    expect(scrubEvent({ request: { data } }).request?.data).toEqual(data);
  });

  it('redacts a body sent as JSON text or as a form, keeping its form', () => {
    const json = scrubEvent({ request: { data: '{"email":"a@b.c","password":"hunter2"}' } });
    const form = scrubEvent({ request: { data: 'email=a%40b.c&password=hunter2&secret=s' } });

    expect(JSON.parse(json.request?.data as string)).toEqual({
      email: 'a@b.c',
      password: '[REDACTED]',
    });
    expect(form.request?.data).toBe('email=a%40b.c&password=[REDACTED]&secret=[REDACTED]');
  });

  it('copies the event and leaves the original as it was', () => {
    const original = { request: { data: { password: 'hunter2' } }, extra: { token: 't' } };

    scrubEvent(original);

    expect(original).toEqual({ request: { data: { password: 'hunter2' } }, extra: { token: 't' } });
  });

  it('survives data that refers to itself', () => {
    const loop: Record<string, unknown> = { password: 'p' };
    loop.self = loop;

    const extra = scrubEvent({ extra: { loop } }).extra as { loop: Record<string, unknown> };

    expect(extra.loop.password).toBe('[REDACTED]');
    expect(extra.loop.self).toBe(extra.loop);
  });
});

describe('query values', () => {
  it('redacts token, key, secret and password in the query string, in any of its forms', () => {
    const asText = scrubEvent({
      request: { query_string: 'token=t&page=2&KEY=k&secret=s&password=p&sort=name' },
    });
    const asObject = scrubEvent({ request: { query_string: { token: 't', page: '2' } } });
    const asPairs = scrubEvent({
      request: {
        query_string: [
          ['key', 'k'],
          ['page', '2'],
        ],
      },
    });

    expect(asText.request?.query_string).toBe(
      'token=[REDACTED]&page=2&KEY=[REDACTED]&secret=[REDACTED]&password=[REDACTED]&sort=name',
    );
    expect(asObject.request?.query_string).toEqual({ token: '[REDACTED]', page: '2' });
    expect(asPairs.request?.query_string).toEqual([
      ['key', '[REDACTED]'],
      ['page', '2'],
    ]);
  });

  it('redacts the query of the request URL and keeps its path and fragment', () => {
    const event = scrubEvent({
      request: { url: 'https://app.example/verify?oobCode=c&token=t&lang=fr#top' },
    });

    expect(event.request?.url).toBe(
      'https://app.example/verify?oobCode=c&token=[REDACTED]&lang=fr#top',
    );
  });

  it('matches encoded names and leaves URLs without a query untouched', () => {
    expect(redactUrl('/api?%74oken=t&tokenish=1')).toBe('/api?%74oken=[REDACTED]&tokenish=1');
    expect(redactUrl('https://app.example/path')).toBe('https://app.example/path');
  });
});

describe('breadcrumbs and spans', () => {
  it('redacts URLs and fields in breadcrumb data, inside events and as they are recorded', () => {
    const breadcrumb = {
      category: 'http',
      data: {
        url: 'https://securetoken.googleapis.com/v1/token?key=AIza-1',
        'http.query': '?key=AIza-1',
        method: 'POST',
        password: 'p',
      },
    };
    const expected = {
      category: 'http',
      data: {
        url: 'https://securetoken.googleapis.com/v1/token?key=[REDACTED]',
        'http.query': '?key=[REDACTED]',
        method: 'POST',
        password: '[REDACTED]',
      },
    };

    expect(scrubBreadcrumb(breadcrumb)).toEqual(expected);
    expect(scrubEvent({ breadcrumbs: [breadcrumb] }).breadcrumbs).toEqual([expected]);
  });

  it('drops credential headers recorded as span attributes and redacts URL attributes', () => {
    const attributes = scrubAttributes({
      'http.request.header.authorization': 'Bearer eyJ.secret',
      'http.request.header.cookie': 'a=b',
      'http.request.header.x_api_key': 'k',
      'http.request.header.user_agent': 'Mozilla/5.0',
      'url.full': { value: 'http://localhost/api?secret=s&page=1', type: 'string' },
      'http.response.status_code': 500,
    });

    expect(attributes).toEqual({
      'http.request.header.user_agent': 'Mozilla/5.0',
      'url.full': { value: 'http://localhost/api?secret=[REDACTED]&page=1', type: 'string' },
      'http.response.status_code': 500,
    });
  });

  it('scrubs the child spans of a transaction event', () => {
    const event = scrubEvent({ spans: [{ data: { 'http.url': '/x?password=p', op: 'http' } }] });

    expect(event.spans).toEqual([{ data: { 'http.url': '/x?password=[REDACTED]', op: 'http' } }]);
  });
});

describe('what is reported and where traces go', () => {
  it('ignores exactly the errors that are never reported', () => {
    expect(ignoredErrors).toEqual([
      'Network request failed',
      'ResizeObserver loop limit exceeded',
      'Non-Error promise rejection captured',
      'Loading chunk',
      'Loading CSS chunk',
      /^NetworkError/,
      /^Failed to fetch/,
      'ChunkLoadError',
      'cancelled',
    ]);
  });

  it('propagates traces to localhost, the public host and its subdomains, and the shops', () => {
    const targets = tracePropagationTargets('https://app.vitrine.example');
    const propagates = (url: string) => targets.some((target) => target.test(url));

    expect(propagates('http://localhost:3000/api')).toBe(true);
    expect(propagates('https://app.vitrine.example/api/v1/account/me')).toBe(true);
    expect(propagates('https://eu.app.vitrine.example')).toBe(true);
    expect(propagates('https://demo.myshopify.com/admin/api')).toBe(true);
    expect(propagates('https://app.vitrine.example.evil.test/')).toBe(false);
    expect(propagates('https://evil.test/?next=localhost')).toBe(false);
    expect(propagates('https://evil.test/?shop=x.myshopify.com')).toBe(false);
    expect(propagates('https://securetoken.googleapis.com/v1/token')).toBe(false);
  });
});
