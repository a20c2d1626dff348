import { Kind, parse, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminSchema } from '#server/local/shopify/admin-schema.ts';
import * as documents from '#server/platform/shopify/admin-documents.ts';
import { everyAdminDocument } from '../support/admin-documents.ts';

/**
 * Every GraphQL document the product sends to Shopify is valid against the local Shopify's schema,
 * which carries Shopify's type and field names, and the bulk queries have the shape Shopify runs: no
 * variables, one top-level connection.
 */

describe('admin-documents.ts', () => {
  const schema = adminSchema();
  it.each(everyAdminDocument())('%s validates against the Admin API schema', (_name, document) => {
    expect(validate(schema, parse(document)).map((error) => error.message)).toEqual([]);
  });

  it('holds the documents the catalog sends', () => {
    const names = everyAdminDocument().map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'shopDetailsQuery',
        'bulkOperationRunQueryMutation',
        'bulkOperationQuery',
        'productsBulkQuery',
        'productQuery',
        'webhookSubscriptionCreateMutation',
        'translationsByIdsQuery',
        'translationsBulkQuery(PRODUCT)',
      ]),
    );
  });

  it.each(everyAdminDocument())('%s is one well-formed GraphQL operation', (_name, document) => {
    const parsed = parse(document);
    expect(parsed.definitions).toHaveLength(1);
    expect(parsed.definitions[0]!.kind).toBe(Kind.OPERATION_DEFINITION);
  });

  it.each(everyAdminDocument().filter(([name]) => /BulkQuery/.test(name)))(
    '%s is a bulk query: no variables, one top-level connection',
    (_name, document) => {
      const operation = parse(document).definitions[0] as OperationDefinitionNode;
      expect(operation.operation).toBe('query');
      expect(operation.variableDefinitions ?? []).toEqual([]);
      expect(operation.selectionSet.selections).toHaveLength(1);
      expect(document).toContain('edges');
    },
  );

  it('asks each language’s translations under its own alias, in the order given', () => {
    const operation = parse(documents.translationsBulkQuery('PAGE', ['fr', 'de']))
      .definitions[0] as OperationDefinitionNode;
    const text = JSON.stringify(operation);
    expect(text).toContain('"value":"t0"');
    expect(text).toContain('"value":"t1"');
    expect(documents.translationsBulkQuery('PAGE', ['fr', 'de'])).toMatch(
      /t0: translations\(locale: "fr"\)[\s\S]*t1: translations\(locale: "de"\)/,
    );
  });

  it('refuses to put anything but a locale code into a query', () => {
    expect(() => documents.translationsBulkQuery('PRODUCT', ['fr") { x } #'])).toThrow(
      /Not a locale code/,
    );
    expect(() => documents.translationsByIdsQuery(['"'])).toThrow(/Not a locale code/);
  });
});
