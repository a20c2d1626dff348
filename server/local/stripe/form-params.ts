import { invalidParameter, unknownParameter } from './stripe-errors.ts';

/**
 * Stripe's form encoding: `line_items[0][price]=price_…&expand[]=subscription&metadata[uid]=…`, as
 * stripe-node writes it (indexed arrays) and as curl users write it (`[]`). The pairs become nested
 * objects and arrays; each name is first checked against the parameters the endpoint knows, so an
 * unknown one is refused by its full name, as Stripe does.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function tokens(name: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (match === null) return undefined;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...rest];
}

/**
 * The shape a name has in an endpoint's list of parameters: indexes become `[]`, the free keys of
 * a metadata hash `[*]`. `line_items[0][price]` → `line_items[][price]`.
 */
function shapeOf(parts: string[]): string {
  let shape = parts[0]!;
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index]!;
    if (parts[index - 1] === 'metadata') shape += '[*]';
    else if (part === '' || /^\d+$/.test(part)) shape += '[]';
    else shape += `[${part}]`;
  }
  return shape;
}

export function parseForm(text: string, allowed: readonly string[]): FormObject {
  const known = new Set(allowed);
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const parts = tokens(name);
    if (parts === undefined || !known.has(shapeOf(parts))) throw unknownParameter(name);
    let container: FormObject | FormValue[] = root;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index]!;
      const last = index === parts.length - 1;
      const nextIsIndex = !last && (parts[index + 1] === '' || /^\d+$/.test(parts[index + 1]!));
      const key: string | number = Array.isArray(container)
        ? part === ''
          ? container.length
          : Number(part)
        : part;
      const slots = container as Record<string | number, FormValue>;
      if (last) {
        slots[key] = value;
        break;
      }
      if (slots[key] === undefined) slots[key] = nextIsIndex ? [] : {};
      const next = slots[key];
      if (typeof next === 'string') throw invalidParameter(name, `Invalid parameter: ${name}`);
      container = next as FormObject | FormValue[];
    }
  }
  // Holes left by sparse indexes (`items[2]` alone) are dropped, as Stripe compacts them.
  return compact(root) as FormObject;
}

function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
}

/** Readers of parsed values, raising Stripe's errors for the parameter named. */
export const read = {
  text(form: FormObject, name: string): string | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParameter(name, `Invalid string: ${name}`);
    return value;
  },
  boolean(form: FormObject, name: string): boolean | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw invalidParameter(name, `Invalid boolean: ${String(value)}`);
    return value === 'true';
  },
  integer(form: FormObject, name: string): number | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^-?\d+$/.test(value))
      throw invalidParameter(name, `Invalid integer: ${String(value)}`);
    return Number(value);
  },
  object(form: FormObject, name: string): FormObject | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParameter(name, `Invalid hash: ${name}`);
    return value;
  },
  list(form: FormObject, name: string): FormValue[] | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParameter(name, `Invalid array: ${name}`);
    return value;
  },
  texts(form: FormObject, name: string): string[] | undefined {
    const list = read.list(form, name);
    if (list === undefined) return undefined;
    if (!list.every((item) => typeof item === 'string'))
      throw invalidParameter(name, `Invalid array: ${name}`);
    return list as string[];
  },
  /** metadata[key]=value; an empty value removes the key, as Stripe does on update. */
  metadata(form: FormObject, name = 'metadata'): Record<string, string> | undefined {
    const value = read.object(form, name);
    if (value === undefined) return undefined;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw invalidParameter(`${name}[${key}]`, 'Invalid metadata');
      if (key.length > 40)
        throw invalidParameter(
          `${name}[${key}]`,
          'Metadata keys must be at most 40 characters long.',
        );
      if (item.length > 500)
        throw invalidParameter(
          `${name}[${key}]`,
          'Metadata values must be at most 500 characters long.',
        );
    }
    return value as Record<string, string>;
  },
};
