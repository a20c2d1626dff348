/**
 * Plain checks of the JSON the client receives from its own BFF. The server validates and serialises
 * every answer with the zod schemas of shared/schemas; the client only makes sure an answer has the
 * shape it is about to rely on, without shipping zod in the first load (npm run bench:client).
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

export function isOneOf<Value extends string>(
  values: readonly Value[],
  value: unknown,
): value is Value {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
