import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareBody, preferredEncoding } from '#server/bff/prepared-body.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', undefined],
    ['BR', 'br'],
  ])('%j → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe('prepareBody', () => {
  it('compresses once per encoding and gives back the same bytes', async () => {
    const text = 'vitrine '.repeat(500);
    const body = prepareBody(text, 'text/html; charset=utf-8');

    const brotli = await body.encoded('br');
    const gzip = await body.encoded('gzip');

    expect(brotliDecompressSync(brotli).toString()).toBe(text);
    expect(gunzipSync(gzip).toString()).toBe(text);
    expect(await body.encoded('br')).toBe(brotli);
    expect(brotli.length).toBeLessThan(text.length / 10);
  });
});
