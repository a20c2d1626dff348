import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  execute,
  getNamedType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import {
  adminRootValue,
  adminSchema,
  type AdminContext,
  type BulkOperationRecord,
  type UserErrorRecord,
} from './admin-schema.ts';
import { findOperation } from './query-cost.ts';

/**
 * Bulk query operations of one app on one store. `bulkOperationRunQuery` checks the query (one
 * top-level connection, at most 5 connections, nested at most 2 deep, an `id` on any object whose
 * connections are asked for) and answers at once with a CREATED operation; the run happens later, a
 * page of top-level objects at a time, appending JSONL to a file while `objectCount` grows. Each
 * object of a nested connection is a line of its own with `__parentId`, after its parent. The result
 * is served at `url`, which needs no token (like Shopify's signed storage URLs).
 */

/** Shopify allows five bulk query operations at once per app and store (API 2026-01 and later). */
export const concurrentBulkOperations = 5;
const maximumConnections = 5;
const maximumNesting = 2;
/** Top-level objects read per step; a step yields to the event loop before the next. */
const rootObjectsPerStep = 100;

export interface BulkOperationFiles {
  directory: string;
  /** The public address of a result file, by its name. */
  urlOf(fileName: string): string;
}

type ExecutionContext = Omit<AdminContext, 'bulk'>;

interface Plan {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  topField: FieldNode;
}

function invalid(message: string): { userErrors: UserErrorRecord[] } {
  return { userErrors: [{ field: ['query'], message, code: 'INVALID' }] };
}

const isConnectionType = (type: unknown): type is GraphQLObjectType =>
  isObjectType(type) && type.name.endsWith('Connection');

/** Connections under a selection: how many, how deep, and whether each parent selects `id`. */
function inspectConnections(
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  depth: number,
  found: { count: number; deepest: number; parentWithoutId?: string },
) {
  const fields = type.getFields();
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const conditioned = selection.typeCondition
          ? adminSchema().getType(selection.typeCondition.name.value)
          : type;
        if (isObjectType(conditioned))
          inspectConnections(conditioned, selection.selectionSet, depth, found);
      }
      continue;
    }
    const definition = fields[selection.name.value];
    if (definition === undefined || selection.selectionSet === undefined) continue;
    const fieldType = getNamedType(definition.type);
    if (isConnectionType(fieldType)) {
      found.count++;
      found.deepest = Math.max(found.deepest, depth + 1);
      const hasId = (set: SelectionSetNode) =>
        set.selections.some((item) => item.kind === Kind.FIELD && item.name.value === 'id');
      if (depth > 0 && !hasId(selectionSet)) found.parentWithoutId = type.name;
      // Into the items: `nodes { … }` or `edges { node { … } }`.
      for (const part of selection.selectionSet.selections) {
        if (part.kind !== Kind.FIELD || part.selectionSet === undefined) continue;
        if (part.name.value === 'nodes') {
          const itemType = getNamedType(fieldType.getFields().nodes!.type);
          if (isObjectType(itemType))
            inspectConnections(itemType, part.selectionSet, depth + 1, found);
        } else if (part.name.value === 'edges') {
          for (const edgePart of part.selectionSet.selections) {
            if (
              edgePart.kind === Kind.FIELD &&
              edgePart.name.value === 'node' &&
              edgePart.selectionSet
            ) {
              const itemType = getNamedType(
                (getNamedType(fieldType.getFields().edges!.type) as GraphQLObjectType).getFields()
                  .node!.type,
              );
              if (isObjectType(itemType))
                inspectConnections(itemType, edgePart.selectionSet, depth + 1, found);
            }
          }
        }
      }
    } else if (isObjectType(fieldType)) {
      inspectConnections(fieldType, selection.selectionSet, depth, found);
    }
  }
}

function planOf(query: string): Plan | { userErrors: UserErrorRecord[] } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return invalid(`Invalid bulk query: ${(error as Error).message}`);
  }
  const errors = validate(adminSchema(), document);
  if (errors.length > 0) return invalid(`Invalid bulk query: ${errors[0]!.message}`);
  const operation = findOperation(document);
  if (operation === undefined || operation.operation !== 'query') {
    return invalid('Bulk queries must contain exactly one query operation.');
  }
  const topFields = operation.selectionSet.selections.filter(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD,
  );
  const root = adminSchema().getQueryType()!;
  const found = { count: 0, deepest: 0 } as {
    count: number;
    deepest: number;
    parentWithoutId?: string;
  };
  inspectConnections(root, operation.selectionSet, 0, found);
  if (found.count === 0) return invalid('Bulk queries must contain at least one connection.');
  const topField = topFields.length === 1 ? topFields[0]! : undefined;
  const topType = topField ? getNamedType(root.getFields()[topField.name.value]!.type) : undefined;
  if (topField === undefined || !isConnectionType(topType)) {
    return invalid(
      'Bulk queries must have exactly one top-level field, and it must be a connection.',
    );
  }
  if (found.count > maximumConnections) {
    return invalid(`Bulk queries cannot contain more than ${maximumConnections} connections.`);
  }
  if (found.deepest > maximumNesting) {
    return invalid(
      `Bulk queries cannot contain connections with a nesting depth greater than ${maximumNesting}.`,
    );
  }
  if (found.parentWithoutId !== undefined) {
    return invalid(
      `The parent '${found.parentWithoutId}' of a nested connection must select the 'id' field.`,
    );
  }
  return { document, operation, topField };
}

/** The query with the top-level connection's page set to `first` items after `after`. */
function pageOf(plan: Plan, after: string | null): DocumentNode {
  const args = (plan.topField.arguments ?? []).filter(
    (argument) => !['first', 'last', 'after', 'before'].includes(argument.name.value),
  );
  args.push({
    kind: Kind.ARGUMENT,
    name: { kind: Kind.NAME, value: 'first' },
    value: { kind: Kind.INT, value: String(rootObjectsPerStep) },
  });
  if (after !== null) {
    args.push({
      kind: Kind.ARGUMENT,
      name: { kind: Kind.NAME, value: 'after' },
      value: { kind: Kind.STRING, value: after },
    });
  }
  const topField: FieldNode = { ...plan.topField, arguments: args };
  const operation: OperationDefinitionNode = {
    ...plan.operation,
    selectionSet: { ...plan.operation.selectionSet, selections: [topField] },
  };
  return {
    ...plan.document,
    definitions: plan.document.definitions.map((definition) =>
      definition === plan.operation ? operation : definition,
    ),
  };
}

type JsonObject = Record<string, unknown>;

function itemsOf(connection: JsonObject): JsonObject[] | undefined {
  if (Array.isArray(connection.nodes)) return connection.nodes as JsonObject[];
  if (Array.isArray(connection.edges)) {
    return (connection.edges as JsonObject[]).map((edge) => edge.node as JsonObject);
  }
  return undefined;
}

const isConnectionValue = (value: unknown): value is JsonObject =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (Array.isArray((value as JsonObject).nodes) || Array.isArray((value as JsonObject).edges));

/** One object and the objects of its nested connections, as JSONL lines in Shopify's order. */
function linesOf(object: JsonObject, parentId: string | undefined, lines: string[]) {
  const own: JsonObject = {};
  const nested: JsonObject[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (isConnectionValue(value)) nested.push(value);
    else own[key] = value;
  }
  if (parentId !== undefined) own.__parentId = parentId;
  lines.push(JSON.stringify(own));
  for (const connection of nested) {
    for (const child of itemsOf(connection) ?? []) linesOf(child, object.id as string, lines);
  }
}

export class BulkOperations {
  private readonly operations: BulkOperationRecord[] = [];
  private stopped = false;

  constructor(
    private readonly options: {
      files: BulkOperationFiles;
      nextId: () => number;
      context: () => ExecutionContext;
      onFinish: (operation: BulkOperationRecord) => void;
      log: (line: string) => void;
    },
  ) {}

  get(id: number) {
    return this.operations.find((operation) => operation.id === id);
  }

  list(): BulkOperationRecord[] {
    return this.operations;
  }

  stop() {
    this.stopped = true;
  }

  cancel(id: number): { operation?: BulkOperationRecord; userErrors: UserErrorRecord[] } {
    const operation = this.get(id);
    if (operation === undefined) {
      return { userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] };
    }
    if (operation.status !== 'CREATED' && operation.status !== 'RUNNING') {
      return {
        operation,
        userErrors: [
          {
            field: null,
            message: `A bulk operation cannot be canceled when it is ${operation.status.toLowerCase()}`,
          },
        ],
      };
    }
    operation.status = 'CANCELING';
    return { operation, userErrors: [] };
  }

  run(query: string): { operation?: BulkOperationRecord; userErrors: UserErrorRecord[] } {
    const plan = planOf(query);
    if ('userErrors' in plan) return plan;
    const running = this.operations.filter((operation) =>
      ['CREATED', 'RUNNING', 'CANCELING'].includes(operation.status),
    ).length;
    if (running >= concurrentBulkOperations) {
      return {
        userErrors: [
          {
            field: null,
            message: `A maximum of ${concurrentBulkOperations} bulk query operations can run at the same time for this app and shop.`,
            code: 'LIMIT_REACHED',
          },
        ],
      };
    }
    const operation: BulkOperationRecord = {
      id: this.options.nextId(),
      status: 'CREATED',
      errorCode: null,
      objectCount: 0,
      rootObjectCount: 0,
      fileSize: null,
      url: null,
      partialDataUrl: null,
      query,
      createdAt: new Date().toISOString(),
      completedAt: null,
    };
    this.operations.push(operation);
    setImmediate(() => void this.execute(operation, plan));
    return { operation, userErrors: [] };
  }

  private async execute(operation: BulkOperationRecord, plan: Plan) {
    const fileName = `${operation.id}-${randomBytes(16).toString('hex')}.jsonl`;
    const filePath = path.join(this.options.files.directory, fileName);
    const output = createWriteStream(filePath);
    const finish = async (
      status: BulkOperationRecord['status'],
      errorCode: BulkOperationRecord['errorCode'] = null,
    ) => {
      await new Promise<void>((resolve) => output.end(resolve));
      operation.fileSize = (await stat(filePath)).size;
      operation.status = status;
      operation.errorCode = errorCode;
      operation.completedAt = new Date().toISOString();
      const url = this.options.files.urlOf(fileName);
      // As on Shopify, an operation that found nothing has no file to download.
      if (status === 'COMPLETED') operation.url = operation.objectCount > 0 ? url : null;
      else if (operation.objectCount > 0) operation.partialDataUrl = url;
      this.options.log(
        `Bulk operation ${operation.id} ${status.toLowerCase()}: ${operation.objectCount} objects`,
      );
      this.options.onFinish(operation);
    };
    try {
      operation.status = 'RUNNING';
      let after: string | null = null;
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.stopped) {
          // The local Shopify is stopping: the file goes with its folder.
          output.destroy();
          return;
        }
        if ((operation.status as BulkOperationRecord['status']) === 'CANCELING')
          return await finish('CANCELED');
        const bulk = { endCursor: null as string | null, hasNextPage: false };
        const result = await execute({
          schema: adminSchema(),
          document: pageOf(plan, after),
          rootValue: adminRootValue,
          contextValue: { ...this.options.context(), bulk },
        });
        if (result.errors !== undefined && result.errors.length > 0) {
          this.options.log(`Bulk operation ${operation.id} failed: ${result.errors[0]!.message}`);
          return await finish('FAILED', 'INTERNAL_SERVER_ERROR');
        }
        const connection = (result.data as JsonObject)[
          plan.topField.alias?.value ?? plan.topField.name.value
        ] as JsonObject;
        const roots = itemsOf(connection) ?? [];
        const lines: string[] = [];
        for (const root of roots) linesOf(root, undefined, lines);
        if (lines.length > 0) await write(output, `${lines.join('\n')}\n`);
        operation.rootObjectCount += roots.length;
        operation.objectCount += lines.length;
        if (!bulk.hasNextPage || bulk.endCursor === null) break;
        after = bulk.endCursor;
      }
      await finish('COMPLETED');
    } catch (error) {
      this.options.log(`Bulk operation ${operation.id} failed: ${(error as Error).message}`);
      await finish('FAILED', 'INTERNAL_SERVER_ERROR').catch(() => {});
    }
  }
}

function write(stream: WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
