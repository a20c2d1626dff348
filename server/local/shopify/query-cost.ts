import {
  getArgumentValues,
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Shopify's calculated query cost, by the rules its rate-limit guide publishes: a field that returns a
 * scalar or an enum costs 0, an object 1, an interface or a union the most expensive of its possible
 * selections, a connection is sized by its `first`/`last` argument (two points for the connection
 * plus, for each object asked for, that object and what is selected under it), and a mutation 10.
 *
 * The requested cost is computed before the query runs, from the page sizes asked for; the actual
 * cost afterwards, from what came back (fewer items than asked, or a null object, cost less), and the
 * difference goes back to the bucket.
 */

export const singleQueryMaximumCost = 1000;
const connectionCost = 2;
const mutationCost = 10;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

export function findOperation(
  document: DocumentNode,
  operationName?: string | null,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName !== undefined && operationName !== null) {
    return operations.find((operation) => operation.name?.value === operationName);
  }
  return operations.length === 1 ? operations[0] : undefined;
}

function walkFor(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
) {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return { schema, fragments, variables };
}

/** The cost computed before running: every connection full to the size it asks for. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName?: string | null,
): number {
  return operationCost(walkFor(schema, document, variables), document, operationName, undefined);
}

/** The cost of what the query returned (`data` as executed). */
export function actualQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  data: Record<string, unknown> | null | undefined,
  operationName?: string | null,
): number {
  return operationCost(walkFor(schema, document, variables), document, operationName, data ?? null);
}

function operationCost(
  walk: Walk,
  document: DocumentNode,
  operationName: string | null | undefined,
  data: Record<string, unknown> | null | undefined,
): number {
  const operation = findOperation(document, operationName);
  if (operation === undefined) return 0;
  if (operation.operation === 'mutation') {
    // Each mutation field costs its fixed price, whatever its payload selects.
    let total = 0;
    for (const field of collectFields(
      walk,
      walk.schema.getMutationType()!,
      operation.selectionSet,
    )) {
      if (field.name.value !== '__typename') total += mutationCost;
    }
    return total;
  }
  const root = walk.schema.getQueryType()!;
  return selectionCost(walk, root, operation.selectionSet, data === undefined ? undefined : data);
}

/** Fields of a selection that apply to `type`, fragments flattened. */
function collectFields(walk: Walk, type: GraphQLCompositeType, selectionSet: SelectionSetNode) {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments[selection.name.value];
      if (fragment === undefined) continue;
      const condition = fragment.typeCondition?.name.value;
      if (
        condition === undefined ||
        condition === type.name ||
        implementsType(walk, type, condition)
      ) {
        fields.push(...collectFields(walk, type, fragment.selectionSet));
      }
    }
  }
  return fields;
}

function implementsType(walk: Walk, type: GraphQLCompositeType, name: string): boolean {
  const candidate = walk.schema.getType(name);
  if (candidate === undefined || candidate === null) return false;
  return isObjectType(type) && isAbstractType(candidate) && walk.schema.isSubType(candidate, type);
}

/**
 * The cost of a selection on a value of `type`. `data` undefined: requested cost; otherwise the value
 * that came back (null: nothing under it was resolved).
 */
function selectionCost(
  walk: Walk,
  type: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  data: Record<string, unknown> | null | undefined,
): number {
  if (isAbstractType(type)) {
    // The most expensive of the concrete types it may turn out to be.
    const candidates =
      data !== undefined && data !== null && typeof data.__typename === 'string'
        ? [walk.schema.getType(data.__typename)]
        : walk.schema.getPossibleTypes(type);
    let most = 0;
    for (const candidate of candidates) {
      if (candidate === undefined || candidate === null || !isObjectType(candidate)) continue;
      most = Math.max(
        most,
        fieldsCost(walk, candidate, collectFields(walk, candidate, selectionSet), data),
      );
    }
    return most;
  }
  return fieldsCost(walk, type, collectFields(walk, type, selectionSet), data);
}

function fieldsCost(
  walk: Walk,
  type: GraphQLCompositeType,
  fields: FieldNode[],
  data: Record<string, unknown> | null | undefined,
): number {
  if (!isObjectType(type) && !isInterfaceType(type)) return 0;
  const definitions = type.getFields();
  let total = 0;
  for (const field of fields) {
    const definition = definitions[field.name.value];
    if (definition === undefined) continue;
    const fieldType = getNamedType(definition.type);
    if (isLeafType(fieldType) || field.selectionSet === undefined) continue;
    const key = field.alias?.value ?? field.name.value;
    const value = data === undefined ? undefined : (data?.[key] as unknown);
    if (data !== undefined && (data === null || value === undefined)) continue;
    const composite = fieldType as GraphQLCompositeType;
    if (fieldType.name.endsWith('Connection') && isObjectType(fieldType)) {
      total += connectionFieldCost(walk, fieldType, field, definition, value);
    } else if (Array.isArray(value)) {
      let most = 0;
      for (const item of value) {
        most = Math.max(
          most,
          selectionCost(
            walk,
            composite,
            field.selectionSet,
            item as Record<string, unknown> | null,
          ),
        );
      }
      total += 1 + most;
    } else {
      total +=
        1 +
        (data !== undefined && value === null
          ? 0
          : selectionCost(
              walk,
              composite,
              field.selectionSet,
              value as Record<string, unknown> | undefined,
            ));
    }
  }
  return total;
}

function connectionFieldCost(
  walk: Walk,
  connectionType: GraphQLObjectType,
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
  value: unknown,
): number {
  // The items, reached through `nodes { … }` or `edges { node { … } }`.
  const connectionFields = connectionType.getFields();
  const edgeType = connectionFields.edges ? getNamedType(connectionFields.edges.type) : undefined;
  const nodeField =
    edgeType !== undefined && isObjectType(edgeType) ? edgeType.getFields().node : undefined;
  const itemField = connectionFields.nodes ?? nodeField;
  const nodeType =
    itemField === undefined ? undefined : (getNamedType(itemField.type) as GraphQLCompositeType);
  const itemSelections: Array<{
    selectionSet: SelectionSetNode;
    path: 'nodes' | 'edges';
    key: string;
    nodeKey?: string;
  }> = [];
  for (const selection of collectFields(walk, connectionType, field.selectionSet!)) {
    const key = selection.alias?.value ?? selection.name.value;
    if (selection.name.value === 'nodes' && selection.selectionSet !== undefined) {
      itemSelections.push({ selectionSet: selection.selectionSet, path: 'nodes', key });
    }
    if (
      selection.name.value === 'edges' &&
      selection.selectionSet !== undefined &&
      edgeType !== undefined &&
      isObjectType(edgeType)
    ) {
      for (const edgeField of collectFields(walk, edgeType, selection.selectionSet)) {
        if (edgeField.name.value === 'node' && edgeField.selectionSet !== undefined) {
          itemSelections.push({
            selectionSet: edgeField.selectionSet,
            path: 'edges',
            key,
            nodeKey: edgeField.alias?.value ?? 'node',
          });
        }
      }
    }
  }
  if (nodeType === undefined) return connectionCost;

  if (value === undefined) {
    const args = getArgumentValues(definition, field, walk.variables);
    const size = Number(args.first ?? args.last ?? 0);
    let perItem = 0;
    for (const item of itemSelections) {
      perItem = Math.max(perItem, 1 + selectionCost(walk, nodeType, item.selectionSet, undefined));
    }
    if (itemSelections.length === 0 && size > 0) perItem = 1;
    return connectionCost + size * perItem;
  }
  if (value === null) return connectionCost;
  const connection = value as Record<string, unknown>;
  let total = connectionCost;
  let counted = false;
  for (const item of itemSelections) {
    const list = connection[item.key];
    if (!Array.isArray(list)) continue;
    let sum = 0;
    for (const entry of list) {
      const node =
        item.path === 'nodes'
          ? (entry as Record<string, unknown>)
          : ((entry as Record<string, unknown>)[item.nodeKey!] as Record<string, unknown>);
      sum += 1 + selectionCost(walk, nodeType, item.selectionSet, node ?? null);
    }
    // The same items reached both ways are paid for once: the dearer way counts.
    if (!counted || sum > total - connectionCost) total = connectionCost + sum;
    counted = true;
  }
  return total;
}
