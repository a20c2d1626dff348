import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { privacyTopics } from '#server/areas/webhooks/webhook-delivery.ts';
import {
  shopifyApiVersion,
  shopifyRedirectPath,
  shopifyScopes,
  shopifyWebhookPath,
} from '#server/platform/shopify/shopify-app.ts';
import { parseAppConfigToml, type TomlTable } from '../support/app-config-toml.ts';

/**
 * `shopify.app.toml`, which an operator deploys with Shopify's CLI, says to Shopify what the code
 * asks of it: the scopes the authorization requests, the redirect address it names, the API version
 * of every call, and where the privacy topics arrive. A change on one side and not on the other
 * would be refused by Shopify at the first install or delivery; this test refuses it first.
 */

const config = parseAppConfigToml(
  readFileSync(new URL('../../shopify.app.toml', import.meta.url), 'utf8'),
);
const table = (value: unknown) => value as TomlTable;

describe('shopify.app.toml', () => {
  it('asks for the scopes the authorization requests, no more, no fewer', () => {
    const scopes = (table(config.access_scopes).scopes as string).split(',').map((s) => s.trim());
    expect(scopes).toEqual([...shopifyScopes]);
    // The app's own OAuth redirect requests the scopes: Shopify-managed installation is off.
    expect(table(config.access_scopes).use_legacy_install_flow).toBe(true);
  });

  it('names the redirect address and the app URL the product serves, on one origin', () => {
    const appUrl = new URL(config.application_url as string);
    const redirects = (table(config.auth).redirect_urls as string[]).map((url) => new URL(url));
    expect(appUrl.protocol).toBe('https:');
    expect(appUrl.pathname).toBe(shopifyRedirectPath);
    expect(redirects.map((url) => url.pathname)).toEqual([shopifyRedirectPath]);
    expect(redirects.map((url) => url.origin)).toEqual([appUrl.origin]);
    expect(config.embedded).toBe(false);
  });

  it('subscribes the privacy topics, and only them, at the webhook address with the pinned version', () => {
    const webhooks = table(config.webhooks);
    expect(webhooks.api_version).toBe(shopifyApiVersion);
    const subscriptions = webhooks.subscriptions as TomlTable[];
    expect(subscriptions).toHaveLength(1);
    const [compliance] = subscriptions;
    expect(new Set(compliance!.compliance_topics as string[])).toEqual(new Set(privacyTopics));
    // The store topics are subscribed per store through the Admin API (catalog-sync.ts): the same
    // topics here too would have each change delivered twice.
    expect(compliance!.topics).toBeUndefined();
    const uri = new URL(compliance!.uri as string);
    expect(uri.pathname).toBe(shopifyWebhookPath);
    expect(uri.origin).toBe(new URL(config.application_url as string).origin);
  });
});
