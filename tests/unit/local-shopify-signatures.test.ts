import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentDigest, isOutdated } from '#server/local/shopify/catalog-model.ts';
import { signedQueryMessage, signQuery } from '#server/local/shopify/oauth-pages.ts';
import { webhookSignature } from '#server/local/shopify/webhook-deliveries.ts';

/** What the local Shopify signs and digests, against values written out by hand. */

const secret = 'hush';

describe('the signature of the OAuth query', () => {
  it('sorts the keys, leaves hmac and signature out, and encodes spaces as %20', () => {
    const params = {
      timestamp: '1700000000',
      state: 'a b',
      shop: 'maison-exemple.myshopify.com',
      hmac: 'ignored',
      signature: 'ignored too',
      code: '0123',
      host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvbWFpc29uLWV4ZW1wbGU=',
    };
    const message =
      'code=0123&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvbWFpc29uLWV4ZW1wbGU%3D&shop=maison-exemple.myshopify.com&state=a%20b&timestamp=1700000000';
    expect(signedQueryMessage(params)).toBe(message);
    expect(signQuery(params, secret)).toBe(
      createHmac('sha256', secret).update(message).digest('hex'),
    );
    expect(signQuery(params, secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any value', () => {
    expect(signQuery({ shop: 'a.myshopify.com', code: '1' }, secret)).not.toBe(
      signQuery({ shop: 'a.myshopify.com', code: '2' }, secret),
    );
  });
});

describe('the webhook signature', () => {
  it('is the base64 HMAC-SHA256 of the raw body with the app secret', () => {
    const body = '{"id":1,"title":"Torchon"}';
    expect(webhookSignature(secret, body)).toBe(
      createHmac('sha256', secret).update(body).digest('base64'),
    );
    expect(webhookSignature(secret, body)).not.toBe(webhookSignature('another secret', body));
  });
});

describe('translatable content digests', () => {
  it('is the hex SHA-256 of the source value', () => {
    expect(contentDigest('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(contentDigest('Torchon en lin')).toBe(
      createHash('sha256').update('Torchon en lin').digest('hex'),
    );
  });

  it('makes a translation outdated once its source changes', () => {
    const translation = {
      value: 'Torchon',
      sourceDigest: contentDigest('Tea towel'),
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(isOutdated(translation, 'Tea towel')).toBe(false);
    expect(isOutdated(translation, 'Linen tea towel')).toBe(true);
    expect(isOutdated(translation, undefined)).toBe(true);
  });
});
