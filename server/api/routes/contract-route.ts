import type * as z from 'zod/mini';
import type { ApiContract } from '#shared/contracts/api-contract.ts';
import { describedAs } from './error-responses.ts';

/**
 * A route's options from its contract (shared/contracts/*): its method, its path under the plugin's
 * prefix, and its schemas (params, query, body and the successful answers, described for the
 * OpenAPI document), to which the route adds its handler and its error answers. Spread into
 * `app.route`, the type provider types the handler's request and answer from the contract's schemas.
 */

type Schema = z.ZodMiniType;

export interface RouteDocs<Contract extends ApiContract, Errors extends Record<number, Schema>> {
  summary: string;
  description?: string;
  tags: string[];
  security?: readonly Record<string, readonly string[]>[];
  /** What each successful answer means, in the OpenAPI document. */
  answers: Record<keyof Contract['responses'], string>;
  /** The route's error answers (errorResponses in error-responses.ts). */
  errors: Errors;
}

/**
 * The contract's path under the prefix a plugin is registered with (`app.prefix`); '' for the prefix
 * itself, which Fastify then registers without a trailing-slash twin.
 */
export function pathUnder(prefix: string, contractPath: string): string {
  if (!contractPath.startsWith(prefix)) {
    throw new Error(`${contractPath} is not under the prefix ${prefix}`);
  }
  return contractPath.slice(prefix.length);
}

export function routeOf<
  const Contract extends ApiContract,
  const Errors extends Record<number, Schema>,
>(app: { prefix: string }, contract: Contract, docs: RouteDocs<Contract, Errors>) {
  const answers: Record<number, Schema> = {};
  for (const [status, schema] of Object.entries(contract.responses) as [string, Schema][]) {
    const description = (docs.answers as Record<string, string>)[status];
    answers[Number(status)] = description === undefined ? schema : describedAs(schema, description);
  }
  return {
    method: contract.method,
    url: pathUnder(app.prefix, contract.path),
    schema: {
      summary: docs.summary,
      ...(docs.description !== undefined && { description: docs.description }),
      tags: docs.tags,
      ...(docs.security !== undefined && { security: docs.security }),
      ...(contract.params !== undefined && { params: contract.params }),
      ...(contract.query !== undefined && { querystring: contract.query }),
      ...(contract.body !== undefined && { body: contract.body }),
      response: { ...answers, ...docs.errors },
    } as {
      summary: string;
      params: Contract['params'];
      querystring: Contract['query'];
      body: Contract['body'];
      response: Contract['responses'] & Errors;
    },
  };
}
