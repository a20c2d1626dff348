import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * A document the local Shopify refuses is answered as Shopify's Admin API answers it: each error
 * names its refusal in `extensions.code` with graphql-ruby's code (Shopify runs graphql-ruby) and
 * what it is about, and a variable whose value does not fit is `INVALID_VARIABLE`.
 */

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: 'maison-exemple', products: 5 }] });
  token = (await shopify.installApp()).access_token;
}, 60_000);
afterAll(async () => {
  await shopify?.stop();
});

async function errorsOf(query: string, variables?: Record<string, unknown>) {
  const answer = await shopify.graphql(token, query, variables);
  expect(answer.status).toBe(200);
  expect(answer.body.data).toBeUndefined();
  return (
    answer.body.errors as Array<{ message: string; extensions?: Record<string, unknown> }>
  ).map((error) => error.extensions);
}

async function messagesOf(query: string) {
  const answer = await shopify.graphql(token, query);
  return (answer.body.errors as Array<{ message: string }>).map((error) => error.message);
}

describe('the local Shopify’s refusals of a document', () => {
  it('words the commonest refusals as Shopify does', async () => {
    expect(await messagesOf('{ shop { name notAField } }')).toEqual([
      "Field 'notAField' doesn't exist on type 'Shop'",
    ]);
    expect(await messagesOf('{ shop { name(truncateAt: 3) } }')).toEqual([
      "Field 'name' doesn't accept argument 'truncateAt'",
    ]);
    expect(await messagesOf('{ product { id } }')).toEqual([
      "Field 'product' is missing required arguments: id",
    ]);
  });

  it('names a field the type does not have: undefinedField, with the type and the field', async () => {
    expect(await errorsOf('{ shop { name notAField } }')).toEqual([
      { code: 'undefinedField', typeName: 'Shop', fieldName: 'notAField' },
    ]);
  });

  it('names an argument the field does not take, and one it requires', async () => {
    expect(await errorsOf('{ shop { name(truncateAt: 3) } }')).toEqual([
      { code: 'argumentNotAccepted', name: 'name', typeName: 'Field', argumentName: 'truncateAt' },
    ]);
    expect(await errorsOf('{ product { id } }')).toEqual([
      { code: 'missingRequiredArguments', className: 'Field', name: 'product', arguments: 'id' },
    ]);
  });

  it('names a literal of the wrong type, and a required input field left out', async () => {
    expect(await errorsOf('{ products(first: "ten") { nodes { id } } }')).toEqual([
      { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: 'first' },
    ]);
    expect(
      await errorsOf(
        'mutation { metafieldsSet(metafields: [{ ownerId: "gid://shopify/Product/1", key: "k" }]) { userErrors { message } } }',
      ),
    ).toEqual([{ code: 'missingRequiredInputObjectAttribute' }]);
  });

  it('names selections, variables and subscriptions Shopify refuses', async () => {
    expect(await errorsOf('{ shop }')).toEqual([{ code: 'selectionMismatch', nodeName: 'shop' }]);
    expect(await errorsOf('{ product(id: $id) { id } }')).toEqual([{ code: 'variableNotDefined' }]);
    expect(await errorsOf('query Unused($id: ID!) { shop { name } }')).toEqual([
      { code: 'variableNotUsed' },
    ]);
    expect(await errorsOf('subscription { shop { name } }')).toEqual([
      { code: 'missingSubscriptionConfiguration' },
    ]);
  });

  it('answers a variable that does not fit its type with INVALID_VARIABLE, its value and the problem', async () => {
    const answer = await shopify.graphql(token, 'query One($id: ID!) { product(id: $id) { id } }', {
      id: null,
    });
    const errors = answer.body.errors as Array<{ message: string; extensions: unknown }>;
    expect(errors).toEqual([
      {
        message: 'Variable $id of type ID! was provided invalid value',
        locations: [{ line: 1, column: 11 }],
        extensions: {
          code: 'INVALID_VARIABLE',
          value: null,
          problems: [{ path: [], explanation: expect.any(String) }],
        },
      },
    ]);
  });
});
