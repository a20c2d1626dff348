import * as z from 'zod/mini';

/**
 * One route of the API, declared once for both sides: the server registers the route from it (its
 * schemas validate the request and the answer, server/api/routes/contract-route.ts) and the client
 * calls it through one typed function (client/lib/call-api.ts). The path is the whole path under the
 * API's origin, `/api/v1/...`, with `:name` for each of `params`; the BFF forwards it as it is.
 *
 * `responses` lists the successful answers only, by status; a 204 answers no body (`noBody`). The
 * error answers are the same on every route (`{ error: { code, … } }`, shared/schemas/errors.ts).
 */

export type ContractMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

/** The answer of a 204: no body. */
export const noBody = z.null();

type Schema = z.ZodMiniType;
type Params = z.ZodMiniObject;

export interface ApiContract {
  readonly method: ContractMethod;
  readonly path: `/api/v1/${string}`;
  readonly params?: Params;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly responses: Partial<Record<SuccessStatus, Schema>>;
}

/** The contract as declared, its schemas' types kept (`satisfies` would do, this names the rule). */
export function defineContract<const Contract extends ApiContract>(contract: Contract): Contract {
  return contract;
}

/** A contract's parameters, query and body as the caller gives them; absent when it has none. */
export type ParamsOf<Contract extends ApiContract> = Contract['params'] extends Schema
  ? z.output<Contract['params']>
  : undefined;
export type QueryOf<Contract extends ApiContract> = Contract['query'] extends Schema
  ? z.output<Contract['query']>
  : undefined;
export type BodyOf<Contract extends ApiContract> = Contract['body'] extends Schema
  ? z.input<Contract['body']>
  : undefined;

/** The body of a successful answer: one of the declared ones; a 204's is `undefined`. */
export type AnswerOf<Contract extends ApiContract> = {
  [Status in keyof Contract['responses']]: Status extends 204
    ? undefined
    : Contract['responses'][Status] extends Schema
      ? z.output<Contract['responses'][Status]>
      : never;
}[keyof Contract['responses']];

/** The query string of a request (`?a=1&b=x`), leaving out what is not set; '' for none. */
export function querySearch(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The `:name` parameters of a contract's path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}

/** The contract's path with each `:name` replaced by its value, encoded, and the query string. */
export function contractUrl(
  contract: ApiContract,
  params: Readonly<Record<string, string>> | undefined,
  query?: Readonly<Record<string, unknown>>,
): string {
  const path = contract.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return `${path}${querySearch(query)}`;
}
