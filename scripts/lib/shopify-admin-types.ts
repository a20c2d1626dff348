import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  type SelectionNode,
} from 'graphql';
import * as prettier from 'prettier';
import { shopifyApiVersion } from '#server/platform/shopify/shopify-app.ts';
import * as documents from '#server/platform/shopify/admin-documents.ts';

/**
 * The result types of every document in server/platform/shopify/admin-documents.ts, generated from
 * Shopify's published Admin schema of the API version the product calls (shopifyApiVersion; the
 * schema files and their source: tests/fixtures/shopify-admin-schema/README.md). `npm run
 * codegen:shopify` writes them to server/platform/shopify/admin-document-types.ts, and
 * tests/unit/admin-document-types.test.ts fails when that file is not what this generates.
 */

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const generatedTypesFile = path.join(
  root,
  'server',
  'platform',
  'shopify',
  'admin-document-types.ts',
);
const schemaFile = path.join(
  root,
  'tests',
  'fixtures',
  'shopify-admin-schema',
  `admin_${shopifyApiVersion}.json.gz`,
);

/** Shopify's scalars as JSON carries them; a scalar missing here stops the generation. */
const scalarTypes: Record<string, string> = {
  ID: 'string',
  String: 'string',
  Boolean: 'boolean',
  Int: 'number',
  Float: 'number',
  URL: 'string',
  DateTime: 'string',
  Date: 'string',
  HTML: 'string',
  FormattedString: 'string',
  UnsignedInt64: 'string',
  BigInt: 'string',
  Decimal: 'string',
  Money: 'string',
  Color: 'string',
  UtcOffset: 'string',
  ARN: 'string',
  StorefrontID: 'string',
  JSON: 'unknown',
};

function loadSchema(): GraphQLSchema {
  const introspection = JSON.parse(gunzipSync(readFileSync(schemaFile)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  return buildClientSchema(introspection.data, { assumeValid: true });
}

/**
 * Every document by the name its type takes (its export's, capitalised). The builders are called
 * with one language, whose translations come under the alias `t0`: every other language's alias
 * (`t1`, `t2`…) has the same type.
 */
function everyDocument(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(documents)) {
    const typeName = name[0]!.toUpperCase() + name.slice(1);
    if (typeof value === 'string') found.push([typeName, value]);
    else if (value === documents.translationsBulkQuery) {
      found.push([typeName, documents.translationsBulkQuery('PRODUCT', ['fr'])]);
    } else if (value === documents.translationsByIdsQuery) {
      found.push([typeName, documents.translationsByIdsQuery(['fr'])]);
    } else if (typeof value === 'function') {
      throw new Error(`admin-documents.ts's ${name} builds a document this generator cannot call`);
    }
  }
  // By name: a module's exports are listed in another order under Vitest than under Node.
  return found.sort(([a], [b]) => a.localeCompare(b));
}

/** The fields a selection asks of one object type, by response key, fragments that apply merged. */
function fieldsFor(
  schema: GraphQLSchema,
  type: GraphQLObjectType,
  selections: readonly SelectionNode[],
  into = new Map<string, FieldNode[]>(),
): Map<string, FieldNode[]> {
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      into.set(key, [...(into.get(key) ?? []), selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition?.name.value;
      const conditionType = condition === undefined ? type : schema.getType(condition);
      if (
        conditionType === type ||
        (conditionType !== undefined &&
          conditionType !== null &&
          isAbstractType(conditionType) &&
          schema.isSubType(conditionType, type))
      ) {
        fieldsFor(schema, type, selection.selectionSet.selections, into);
      }
    } else {
      throw new Error('Named fragments are not used by admin-documents.ts');
    }
  }
  return into;
}

class Printer {
  readonly enums = new Map<string, string>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** One object type's shape under a selection. */
  private objectShape(type: GraphQLObjectType, selections: readonly SelectionNode[]): string {
    const fields = fieldsFor(this.schema, type, selections);
    // An object of a type no fragment asks about answers `{}`.
    if (fields.size === 0) return 'Record<never, never>';
    const lines: string[] = [];
    for (const [key, nodes] of fields) {
      const name = nodes[0]!.name.value;
      if (name === '__typename') {
        lines.push(`${key}: '${type.name}';`);
        continue;
      }
      const field = type.getFields()[name];
      if (field === undefined) throw new Error(`${type.name}.${name} is not in Shopify's schema`);
      const subSelections = nodes.flatMap((node) => node.selectionSet?.selections ?? []);
      lines.push(`${key}: ${this.output(field.type, subSelections)};`);
    }
    return `{ ${lines.join(' ')} }`;
  }

  /** A composite type's shape: for an interface or a union, one shape per distinct answer. */
  selection(type: GraphQLCompositeType, selections: readonly SelectionNode[]): string {
    const concrete = isAbstractType(type) ? this.schema.getPossibleTypes(type) : [type];
    const shapes = [...new Set(concrete.map((entry) => this.objectShape(entry, selections)))];
    return shapes.length === 1 ? shapes[0]! : shapes.map((shape) => `(${shape})`).join(' | ');
  }

  output(type: GraphQLOutputType, selections: readonly SelectionNode[]): string {
    if (isNonNullType(type)) return this.nonNull(type.ofType, selections);
    return `${this.nonNull(type, selections)} | null`;
  }

  private nonNull(type: GraphQLOutputType, selections: readonly SelectionNode[]): string {
    if (isListType(type)) return `Array<${this.output(type.ofType, selections)}>`;
    const named = getNamedType(type);
    if (isScalarType(named)) {
      const scalar = scalarTypes[named.name];
      if (scalar === undefined) throw new Error(`No TypeScript type for the scalar ${named.name}`);
      return scalar;
    }
    if (isEnumType(named)) {
      this.enums.set(
        named.name,
        named
          .getValues()
          .map((value) => `'${value.name}'`)
          .join(' | '),
      );
      return named.name;
    }
    if (isObjectType(named) || isAbstractType(named)) return this.selection(named, selections);
    throw new Error(`${String(type)} cannot be an output`);
  }
}

/** The generated module, formatted as the repository formats its code. */
export async function generateAdminDocumentTypes(): Promise<string> {
  const schema = loadSchema();
  const printer = new Printer(schema);
  const operations: string[] = [];
  for (const [typeName, document] of everyDocument()) {
    const definitions = parse(document).definitions;
    const operation = definitions[0];
    if (definitions.length !== 1 || operation?.kind !== Kind.OPERATION_DEFINITION) {
      throw new Error(`${typeName} is not one operation`);
    }
    const rootType =
      operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    if (rootType === null || rootType === undefined) throw new Error(`No ${operation.operation}`);
    operations.push(
      `/** What ${typeName[0]!.toLowerCase()}${typeName.slice(1)} answers (\`data\`). */\n` +
        `export type ${typeName} = ${printer.selection(rootType, operation.selectionSet.selections)};`,
    );
  }
  const enums = [...printer.enums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, values]) => `export type ${name} = ${values};`);
  const source = [
    '// Generated by `npm run codegen:shopify` (scripts/lib/shopify-admin-types.ts) from Shopify’s',
    `// Admin schema ${shopifyApiVersion} (tests/fixtures/shopify-admin-schema): do not edit by hand.`,
    '// tests/unit/admin-document-types.test.ts fails when this file is not what the generator writes.',
    '',
    ...enums,
    '',
    ...operations,
  ].join('\n');
  const options = await prettier.resolveConfig(generatedTypesFile);
  return prettier.format(source, { ...options, filepath: generatedTypesFile });
}
