import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminSchema } from '#server/local/shopify/admin-schema.ts';
import { supportedApiVersions } from '#server/local/shopify/local-shopify-state.ts';
import { shopifyApiVersion } from '#server/platform/shopify/shopify-app.ts';
import {
  schemaSubsetProblems,
  shopifyAdminSchema202601,
  shopifyAdminSchema202610,
} from '../support/shopify-admin-schema.ts';
import { everyAdminDocument } from '../support/admin-documents.ts';

/**
 * The local Shopify's Admin schema is a part of Shopify's published one, field for field and with
 * the same nullability, so that what the product reads from it (a field that may be null, an
 * argument it may send) is what Shopify answers; and every document the product sends is valid
 * against Shopify's schema itself, not only against the local one.
 */

/** The TypeScript files under a folder, as paths from the repository's root. */
function serverFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const describeProblems = (problems: Array<{ where: string; problem: string }>) =>
  problems.map(({ where, problem }) => `${where} ${problem}`);

// Building Shopify's published schemas (tens of thousands of lines each) takes seconds on a busy
// machine: more than Vitest's 5 s default.
const schemaBuildTimeout = 60_000;

describe('the local Shopify’s Admin schema', { timeout: schemaBuildTimeout }, () => {
  const shopify202610 = shopifyAdminSchema202610();

  it('is the schema of the API version the product calls', () => {
    expect(shopifyApiVersion).toBe('2026-10');
    expect(supportedApiVersions).toContain(shopifyApiVersion);
  });

  it('declares only what Shopify’s 2026-10 schema holds, typed and nullable as there', () => {
    expect(describeProblems(schemaSubsetProblems(adminSchema(), shopify202610))).toEqual([]);
    expect(adminSchema().getQueryType()?.name).toBe(shopify202610.getQueryType()?.name);
    expect(adminSchema().getMutationType()?.name).toBe(shopify202610.getMutationType()?.name);
  });

  it('differs from Shopify’s 2026-01 schema only where Shopify changed it by 2026-10', () => {
    // The local Shopify answers every version it accepts with one schema, 2026-10's; these are the
    // places where the oldest one it accepts differs from it.
    expect(
      describeProblems(schemaSubsetProblems(adminSchema(), shopifyAdminSchema202601())),
    ).toEqual([
      'WebhookSubscriptionInput.callbackUrl does not exist at Shopify',
      "Mutation.collectionUpdate(input:) is CollectionInput, Shopify's is CollectionInput!",
    ]);
  });

  it('reads an article’s and a blog’s update time as Shopify does: possibly null', () => {
    for (const type of ['Article', 'Blog']) {
      const field = adminSchema().getType(type)?.toConfig() as {
        fields: Record<string, { type: unknown }>;
      };
      expect(String(field.fields.updatedAt!.type)).toBe('DateTime');
    }
  });

  it.each(everyAdminDocument())(
    '%s validates against Shopify’s 2026-10 schema',
    (_name, document) => {
      expect(validate(shopify202610, parse(document)).map((error) => error.message)).toEqual([]);
    },
  );

  it('finds the product’s GraphQL documents in admin-documents.ts only', () => {
    const elsewhere = serverFiles('server')
      .filter((file) => !file.startsWith(path.join('server', 'local')))
      .filter((file) => file !== path.join('server', 'platform', 'shopify', 'admin-documents.ts'))
      .filter((file) =>
        /\/\* GraphQL \*\/|\bgql`|`\s*(query|mutation)\s*\w*\s*[({]/.test(
          readFileSync(file, 'utf8'),
        ),
      );
    expect(elsewhere).toEqual([]);
  });
});
