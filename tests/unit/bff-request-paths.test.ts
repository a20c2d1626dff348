import { describe, expect, test } from 'vitest';
import { isMachinePath, isTraversalAttempt } from '#server/bff/request-paths.ts';
import { pathOf } from '#server/platform/request-path.ts';

describe('isTraversalAttempt', () => {
  test.each([
    '/api/v1/../admin',
    '/api/v1/..',
    '/api/v1/a..b',
    '/api/v1/%2e%2e/admin',
    '/api/v1/%2E%2e/admin',
    '/api/v1/.%2E/admin',
    '/api/v1/a%2fb',
    '/api/v1/a%2Fb',
    '/api/v1/a%5cb',
    '/api/v1/a%5Cb',
    '/api/v1/a\\b',
    '/api/v1/./a',
    '/api/v1/a/.',
  ])('refuses %s', (path) => {
    expect(isTraversalAttempt(path)).toBe(true);
  });

  test.each([
    '/api/v1/account/me',
    '/api/v1/account/me.json',
    '/api/v1/blog/posts/my-post',
    '/api/v1/a%20b',
    '/api/v1/.well-known',
  ])('accepts %s', (path) => {
    expect(isTraversalAttempt(path)).toBe(false);
  });
});

test('pathOf drops the query string', () => {
  expect(pathOf('/login?redirect=%2Fseo')).toBe('/login');
  expect(pathOf('/login')).toBe('/login');
});

test.each([
  ['/api', true],
  ['/api/v2/x', true],
  ['/auth/session', true],
  ['/assets/app.js', true],
  ['/builds/latest.json', true],
  ['/apiary', false],
  ['/authors', false],
  ['/dashboard', false],
])('isMachinePath(%s) is %s', (path, expected) => {
  expect(isMachinePath(path)).toBe(expected);
});
