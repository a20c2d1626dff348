import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  isScalarType,
  isUnionType,
  print,
  astFromValue,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/**
 * Shopify's published Admin GraphQL schemas, as committed under tests/fixtures/shopify-admin-schema
 * (its README.md names where each comes from), and the comparison that tells whether the local
 * Shopify's schema is a part of one of them.
 */

const fixtures = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'shopify-admin-schema',
);

/** The schema of API 2026-01, from Shopify's SDL as ShopifySharp publishes it. */
export function shopifyAdminSchema202601(): GraphQLSchema {
  return buildSchema(readFileSync(path.join(fixtures, '2026-01.schema.graphql'), 'utf8'), {
    assumeValidSDL: true,
  });
}

/** The schema of API 2026-10, from Shopify's own introspection result (gzipped JSON). */
export function shopifyAdminSchema202610(): GraphQLSchema {
  const introspection = JSON.parse(
    gunzipSync(readFileSync(path.join(fixtures, 'admin_2026-10.json.gz'))).toString('utf8'),
  ) as { data: IntrospectionQuery };
  return buildClientSchema(introspection.data, { assumeValid: true });
}

type Located = { where: string; problem: string };

const typeKind = (type: GraphQLNamedType) =>
  isScalarType(type)
    ? 'scalar'
    : isObjectType(type)
      ? 'type'
      : isInterfaceType(type)
        ? 'interface'
        : isUnionType(type)
          ? 'union'
          : isEnumType(type)
            ? 'enum'
            : 'input';

function defaultOf(value: GraphQLArgument | GraphQLInputField): string | undefined {
  if (value.defaultValue === undefined) return undefined;
  const node = astFromValue(value.defaultValue, value.type);
  return node === null || node === undefined ? undefined : print(node);
}

/** Differences of one argument or input field: its type (nullability included) and default. */
function compareValue(
  where: string,
  local: GraphQLArgument | GraphQLInputField,
  real: GraphQLArgument | GraphQLInputField | undefined,
): Located[] {
  if (real === undefined) return [{ where, problem: 'does not exist at Shopify' }];
  const problems: Located[] = [];
  if (String(local.type) !== String(real.type)) {
    problems.push({
      where,
      problem: `is ${String(local.type)}, Shopify's is ${String(real.type)}`,
    });
  }
  if (defaultOf(local) !== defaultOf(real)) {
    problems.push({
      where,
      problem: `defaults to ${defaultOf(local) ?? 'nothing'}, Shopify's to ${defaultOf(real) ?? 'nothing'}`,
    });
  }
  return problems;
}

/**
 * Every way the local schema is not a part of Shopify's: a type, field, argument, input field, enum
 * value, interface or union member it declares that Shopify's lacks or types otherwise (a list, a
 * non-null wrapper or a default that differs counts), and what Shopify requires that the local
 * schema leaves out (a required argument or input field), since a document omitting it would pass
 * here and be refused there. Empty when the local schema is a subset.
 */
export function schemaSubsetProblems(local: GraphQLSchema, real: GraphQLSchema): Located[] {
  const problems: Located[] = [];
  for (const [name, type] of Object.entries(local.getTypeMap())) {
    if (name.startsWith('__')) continue;
    const realType = real.getType(name);
    if (realType === undefined || realType === null) {
      problems.push({ where: name, problem: 'does not exist at Shopify' });
      continue;
    }
    if (typeKind(type) !== typeKind(realType)) {
      problems.push({
        where: name,
        problem: `is a ${typeKind(type)}, Shopify's is a ${typeKind(realType)}`,
      });
      continue;
    }
    if (
      (isObjectType(type) || isInterfaceType(type)) &&
      (isObjectType(realType) || isInterfaceType(realType))
    ) {
      const realInterfaces = new Set(realType.getInterfaces().map((entry) => entry.name));
      for (const entry of type.getInterfaces()) {
        if (!realInterfaces.has(entry.name)) {
          problems.push({ where: name, problem: `does not implement ${entry.name} at Shopify` });
        }
      }
      const realFields = realType.getFields();
      for (const field of Object.values(type.getFields())) {
        const where = `${name}.${field.name}`;
        const realField = realFields[field.name];
        if (realField === undefined) {
          problems.push({ where, problem: 'does not exist at Shopify' });
          continue;
        }
        if (String(field.type) !== String(realField.type)) {
          problems.push({
            where,
            problem: `is ${String(field.type)}, Shopify's is ${String(realField.type)}`,
          });
        }
        for (const argument of field.args) {
          const realArgument = realField.args.find((entry) => entry.name === argument.name);
          problems.push(...compareValue(`${where}(${argument.name}:)`, argument, realArgument));
        }
        for (const realArgument of realField.args.filter(isRequiredArgument)) {
          if (!field.args.some((argument) => argument.name === realArgument.name)) {
            problems.push({
              where: `${where}(${realArgument.name}:)`,
              problem: 'is required at Shopify and missing here',
            });
          }
        }
      }
    } else if (isUnionType(type) && isUnionType(realType)) {
      const members = new Set(realType.getTypes().map((member) => member.name));
      for (const member of type.getTypes()) {
        if (!members.has(member.name)) {
          problems.push({ where: name, problem: `holds ${member.name}, Shopify's does not` });
        }
      }
    } else if (isEnumType(type) && isEnumType(realType)) {
      const values = new Set(realType.getValues().map((value) => value.name));
      for (const value of type.getValues()) {
        if (!values.has(value.name)) {
          problems.push({ where: `${name}.${value.name}`, problem: 'does not exist at Shopify' });
        }
      }
    } else if (isInputObjectType(type) && isInputObjectType(realType)) {
      const realFields = realType.getFields();
      const fields = type.getFields();
      for (const field of Object.values(fields)) {
        problems.push(...compareValue(`${name}.${field.name}`, field, realFields[field.name]));
      }
      for (const realField of Object.values(realFields).filter(isRequiredInputField)) {
        if (fields[realField.name] === undefined) {
          problems.push({
            where: `${name}.${realField.name}`,
            problem: 'is required at Shopify and missing here',
          });
        }
      }
    }
  }
  return problems;
}
