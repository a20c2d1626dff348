import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSignedByShopify, shopifyAuthorizeUrl } from '#server/platform/shopify/oauth.ts';
import { shopifyApp } from '#server/platform/shopify/shopify-app.ts';
import { isSignedWebhook } from '#server/platform/shopify/webhook-signature.ts';

/**
 * The signatures Shopify puts on what it sends the app, checked against Shopify's own published
 * example (its OAuth guide's verification step: secret `hush`), so that the rule is Shopify's and not
 * only the tests' idea of it.
 */
const shopifyExample =
  'code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173';

describe("Shopify's signature on a query", () => {
  it("accepts Shopify's published example, whatever the order of its parameters", () => {
    expect(isSignedByShopify('hush', new URLSearchParams(shopifyExample))).toBe(true);
    const shuffled = new URLSearchParams(shopifyExample.split('&').reverse().join('&'));
    expect(isSignedByShopify('hush', shuffled)).toBe(true);
  });

  it('refuses it under another secret, with a parameter changed, added, given twice or missing', () => {
    const example = () => new URLSearchParams(shopifyExample);
    expect(isSignedByShopify('hush!', example())).toBe(false);

    const changed = example();
    changed.set('shop', 'other-shop.myshopify.com');
    const added = example();
    added.set('host', 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvc29tZS1zaG9w');
    const twice = new URLSearchParams(`${shopifyExample}&shop=other-shop.myshopify.com`);
    const unsigned = example();
    unsigned.delete('hmac');
    const uppercase = example();
    uppercase.set('hmac', 'not-hex');

    for (const query of [changed, added, twice, unsigned, uppercase]) {
      expect(isSignedByShopify('hush', query)).toBe(false);
    }
  });
});

describe("Shopify's install screen", () => {
  it('asks for the scopes and an offline token, written as Shopify’s library writes it', () => {
    const app = shopifyApp({ apiKey: 'key', apiSecret: 's'.repeat(32) });

    const url = shopifyAuthorizeUrl(app, {
      shopDomain: 'maison.myshopify.com',
      redirectUri: 'https://app.vitrine.example/oauth/shopify',
      state: 'abc',
    });

    expect(url).toBe(
      `https://maison.myshopify.com/admin/oauth/authorize?client_id=key&scope=${encodeURIComponent(app.scopes.join(','))}&redirect_uri=https%3A%2F%2Fapp.vitrine.example%2Foauth%2Fshopify&state=abc&grant_options%5B%5D=`,
    );
  });
});

describe("Shopify's signature on a webhook", () => {
  const secret = 'a-webhook-secret';
  const body = Buffer.from('{"id":1,"title":"Théière"}');
  const signature = createHmac('sha256', secret).update(body).digest('base64');

  it('is the base64 HMAC of the bytes as sent', () => {
    expect(isSignedWebhook(secret, body, signature)).toBe(true);
    expect(isSignedWebhook(secret, Buffer.from('{"id":1, "title":"Théière"}'), signature)).toBe(
      false,
    );
    expect(isSignedWebhook('another-secret', body, signature)).toBe(false);
    expect(isSignedWebhook(secret, body, signature.slice(0, -2))).toBe(false);
  });
});
