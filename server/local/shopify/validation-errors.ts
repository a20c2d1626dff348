import {
  GraphQLError,
  Kind,
  print,
  specifiedRules,
  validate,
  visit,
  type ASTNode,
  OperationTypeNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
  type VariableDefinitionNode,
} from 'graphql';

/**
 * A refused document's errors as Shopify's Admin API gives them. Shopify runs graphql-ruby, whose
 * static validation names each refusal in `extensions.code` (`undefinedField`,
 * `argumentNotAccepted`, `missingRequiredArguments`, …, with the type, field or argument it is
 * about), and whose invalid variable values answer `INVALID_VARIABLE` with the value and its
 * problems. The local Shopify validates with graphql-js, one rule at a time, and names each rule's
 * errors with graphql-ruby's code for the same rule, in graphql-ruby's words for the commonest.
 */

type Extensions = Record<string, unknown>;

/** What an error's rule knew when it reported it: the error's code and details follow from it. */
interface Reported {
  error: GraphQLError;
  context: ValidationContext;
  document: Facts;
}

/** Where in the document a node sits, for the rules whose code depends on it. */
interface Facts {
  variableTypes: Set<ASTNode>;
  defaultValues: Set<ASTNode>;
}

const firstNode = (error: GraphQLError) => error.nodes?.[0];
const fieldName = (error: GraphQLError) => {
  const node = firstNode(error);
  return node?.kind === Kind.FIELD ? node.name.value : undefined;
};

/** graphql-ruby's code (and details) for each of graphql-js's rules. */
const codes: Record<string, (reported: Reported) => Extensions> = {
  ExecutableDefinitionsRule: () => ({ code: 'queryContainsSchemaDefinitions' }),
  UniqueOperationNamesRule: () => ({ code: 'uniquelyNamedOperations' }),
  LoneAnonymousOperationRule: () => ({ code: 'uniquelyNamedOperations' }),
  SingleFieldSubscriptionsRule: () => ({ code: 'notSingleSubscription' }),
  KnownTypeNamesRule: ({ error, document }) => {
    const node = firstNode(error);
    const typeName = node?.kind === Kind.NAMED_TYPE ? node.name.value : undefined;
    return node !== undefined && document.variableTypes.has(node)
      ? { code: 'variableRequiresValidType', typeName }
      : { code: 'undefinedType', typeName };
  },
  FragmentsOnCompositeTypesRule: () => ({ code: 'fragmentOnNonCompositeType' }),
  VariablesAreInputTypesRule: ({ error }) => {
    const node = firstNode(error) as VariableDefinitionNode | undefined;
    return {
      code: 'variableRequiresValidType',
      typeName: node === undefined ? undefined : print(node.type),
      variableName: node?.variable.name.value,
    };
  },
  ScalarLeafsRule: ({ error }) => ({ code: 'selectionMismatch', nodeName: fieldName(error) }),
  FieldsOnCorrectTypeRule: ({ error, context }) => ({
    code: 'undefinedField',
    typeName: context.getParentType()?.name,
    fieldName: fieldName(error),
  }),
  UniqueFragmentNamesRule: () => ({ code: 'fragmentNotUnique' }),
  KnownFragmentNamesRule: () => ({ code: 'useAndDefineFragment' }),
  NoUnusedFragmentsRule: () => ({ code: 'useAndDefineFragment' }),
  PossibleFragmentSpreadsRule: () => ({ code: 'cannotSpreadFragment' }),
  NoFragmentCyclesRule: () => ({ code: 'infiniteLoop' }),
  UniqueVariableNamesRule: () => ({ code: 'variableNotUnique' }),
  NoUndefinedVariablesRule: () => ({ code: 'variableNotDefined' }),
  NoUnusedVariablesRule: () => ({ code: 'variableNotUsed' }),
  KnownDirectivesRule: ({ error }) => ({
    code: error.message.startsWith('Unknown directive')
      ? 'undefinedDirective'
      : 'directiveCannotBeApplied',
  }),
  UniqueDirectivesPerLocationRule: () => ({ code: 'directiveNotUniqueForLocation' }),
  KnownArgumentNamesRule: ({ error, context }) => {
    const node = firstNode(error);
    const directive = context.getDirective();
    return {
      code: 'argumentNotAccepted',
      name: directive?.name ?? context.getFieldDef()?.name,
      typeName: directive === null ? 'Field' : 'Directive',
      argumentName: node?.kind === Kind.ARGUMENT ? node.name.value : undefined,
    };
  },
  UniqueArgumentNamesRule: () => ({ code: 'argumentNotUnique' }),
  ValuesOfCorrectTypeRule: ({ error, context, document }) => {
    const node = firstNode(error);
    if (node !== undefined && document.defaultValues.has(node)) {
      return { code: 'defaultValueInvalidType' };
    }
    if (/^Field ".*" of required type ".*" was not provided\.$/.test(error.message)) {
      return { code: 'missingRequiredInputObjectAttribute' };
    }
    if (/^OneOf /.test(error.message)) return { code: 'invalidOneOfInputObject' };
    return {
      code: 'argumentLiteralsIncompatible',
      typeName: context.getDirective() === null ? 'Field' : 'Directive',
      argumentName: context.getArgument()?.name,
    };
  },
  // graphql-js reports each missing argument apart; each error names its own.
  ProvidedRequiredArgumentsRule: ({ error }) => {
    const node = firstNode(error);
    return {
      code: 'missingRequiredArguments',
      className: node?.kind === Kind.FIELD ? 'Field' : 'Directive',
      name:
        node?.kind === Kind.FIELD || node?.kind === Kind.DIRECTIVE ? node.name.value : undefined,
      arguments: /argument "(\w+)"/.exec(error.message)?.[1],
    };
  },
  VariablesInAllowedPositionRule: () => ({ code: 'variableMismatch' }),
  OverlappingFieldsCanBeMergedRule: () => ({ code: 'fieldConflict' }),
  UniqueInputFieldNamesRule: () => ({ code: 'inputFieldNotUnique' }),
};

/**
 * Shopify's schema has no subscription root: graphql-ruby refuses a subscription as it validates
 * (graphql-js would only refuse it when executing).
 */
function subscriptionRootExistsRule(context: ValidationContext) {
  return {
    OperationDefinition(node: OperationDefinitionNode) {
      if (
        node.operation === OperationTypeNode.SUBSCRIPTION &&
        !context.getSchema().getSubscriptionType()
      ) {
        context.reportError(
          new GraphQLError('Schema is not configured for subscriptions', {
            nodes: node,
            extensions: { code: 'missingSubscriptionConfiguration' },
          }),
        );
      }
    },
  };
}

function documentFacts(document: DocumentNode): Facts {
  const variableTypes = new Set<ASTNode>();
  const defaultValues = new Set<ASTNode>();
  visit(document, {
    VariableDefinition(definition) {
      visit(definition.type, { NamedType: (node) => void variableTypes.add(node) });
      if (definition.defaultValue !== undefined) {
        visit(definition.defaultValue, { enter: (node) => void defaultValues.add(node) });
      }
    },
  });
  return { variableTypes, defaultValues };
}

/** Shopify's wording of its commonest refusals (graphql-ruby's), from what the code names. */
const messages: Record<string, (details: Extensions) => string> = {
  undefinedField: (details) =>
    `Field '${String(details.fieldName)}' doesn't exist on type '${String(details.typeName)}'`,
  argumentNotAccepted: (details) =>
    `${String(details.typeName)} '${String(details.name)}' doesn't accept argument '${String(details.argumentName)}'`,
  missingRequiredArguments: (details) =>
    `${String(details.className)} '${String(details.name)}' is missing required arguments: ${String(details.arguments)}`,
};

/** A rule whose reports carry Shopify's code, read while the rule still stands where it reported. */
function coded(rule: ValidationRule, facts: Facts): ValidationRule {
  const extensionsOf = codes[rule.name];
  return (context) => {
    const reporting = Object.create(context) as ValidationContext;
    reporting.reportError = (error: GraphQLError) => {
      const extensions = extensionsOf?.({ error, context: reporting, document: facts }) ?? {};
      const defined = Object.fromEntries(
        Object.entries(extensions).filter(([, value]) => value !== undefined),
      );
      const wording = messages[String(defined.code)];
      context.reportError(
        new GraphQLError(wording === undefined ? error.message : wording(defined), {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          originalError: error.originalError,
          extensions: { ...error.extensions, ...defined },
        }),
      );
    };
    return rule(reporting);
  };
}

/** The document's validation errors, each with the `extensions.code` Shopify gives it. */
export function shopifyValidationErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
): GraphQLError[] {
  const facts = documentFacts(document);
  const subscription = validate(schema, document, [subscriptionRootExistsRule]);
  if (subscription.length > 0) return [...subscription];
  return [
    ...validate(
      schema,
      document,
      specifiedRules.map((rule) => coded(rule, facts)),
    ),
  ];
}

/**
 * A variable whose value does not fit its type, as Shopify answers it: `INVALID_VARIABLE`, the value
 * given and what is wrong with it.
 */
export function shopifyVariableError(
  error: GraphQLError,
  variables: Record<string, unknown>,
): GraphQLError {
  const definition = error.nodes?.find(
    (node): node is VariableDefinitionNode => node.kind === Kind.VARIABLE_DEFINITION,
  );
  if (definition === undefined) return error;
  const name = definition.variable.name.value;
  return new GraphQLError(
    `Variable $${name} of type ${print(definition.type)} was provided invalid value`,
    {
      nodes: definition,
      extensions: {
        code: 'INVALID_VARIABLE',
        value: variables[name] ?? null,
        problems: [{ path: [], explanation: error.message }],
      },
    },
  );
}
