import * as z from 'zod/mini';
import {
  contractUrl,
  type AnswerOf,
  type ApiContract,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '#shared/contracts/api-contract.ts';
import { apiRequest, type ApiRequest } from './api-client.ts';

/**
 * The one way the client calls a route of the API: by its contract (shared/contracts/*), which gives
 * the method, the path, what the call takes and the answer it reads, so that no call spells a path
 * or a type again. The answer is read with the contract's schemas (a 204's is `undefined`); a failure
 * is an ApiError, as any call's (api-client.ts). Tests give their own `request` over a fetch of
 * their own.
 */

type Part<Name extends string, Value> = Value extends undefined
  ? { readonly [Key in Name]?: undefined }
  : { readonly [Key in Name]: Value };

/** What a call gives: the path's parameters, the query and the body the contract declares. */
export type CallInput<Contract extends ApiContract> = Part<'params', ParamsOf<Contract>> &
  Part<'query', QueryOf<Contract>> &
  Part<'body', BodyOf<Contract>>;

/** The schema a successful answer is read with: any of the declared ones, none for a 204. */
function answerSchema(contract: ApiContract): z.ZodMiniType {
  const schemas = Object.entries(contract.responses).map(([status, schema]) =>
    status === '204' ? z.undefined() : (schema as z.ZodMiniType),
  );
  return schemas.length === 1 ? schemas[0]! : z.union(schemas);
}

export async function callApi<Contract extends ApiContract>(
  contract: Contract,
  input: CallInput<Contract>,
  request: ApiRequest = apiRequest,
): Promise<AnswerOf<Contract>> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const answer = await request(
    contract.method,
    contractUrl(contract, params, query),
    answerSchema(contract),
    body,
  );
  return answer as AnswerOf<Contract>;
}
