/**
 * Reads the part of TOML that `shopify.app.toml` uses: comments, `key = value` pairs, `[table]` and
 * `[[array.of.tables]]` headers, and values that are strings, booleans or arrays of strings (an array
 * may run over several lines). Anything else is refused, so that a file this reader misreads fails
 * the test that reads it instead of passing it.
 */

export type TomlValue = string | boolean | string[] | TomlTable | TomlTable[];
export interface TomlTable {
  [key: string]: TomlValue;
}

const bareKey = /^[A-Za-z0-9_-]+$/;

function parseString(text: string, where: string): string {
  if (!/^"(?:[^"\\]|\\["\\nt])*"$/.test(text)) throw new Error(`${where}: not a string: ${text}`);
  return JSON.parse(text) as string;
}

function parseValue(text: string, where: string): string | boolean | string[] {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw new Error(`${where}: unclosed array`);
    const inner = text.slice(1, -1).trim();
    if (inner === '') return [];
    return inner
      .split(',')
      .map((item) => item.trim())
      .filter((item, index, items) => item !== '' || index !== items.length - 1)
      .map((item) => parseString(item, where));
  }
  return parseString(text, where);
}

function withoutComment(line: string): string {
  let inString = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === '"' && line[index - 1] !== '\\') inString = !inString;
    if (char === '#' && !inString) return line.slice(0, index);
  }
  return line;
}

function tableAt(root: TomlTable, path: string[], where: string): TomlTable {
  let table = root;
  for (const key of path) {
    const next = table[key] ?? (table[key] = {});
    const last = Array.isArray(next) ? next.at(-1) : next;
    if (typeof last !== 'object' || last === null || Array.isArray(last)) {
      throw new Error(`${where}: ${key} is not a table`);
    }
    table = last;
  }
  return table;
}

export function parseAppConfigToml(source: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  const lines = source.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const where = `line ${index + 1}`;
    let line = withoutComment(lines[index]!).trim();
    if (line === '') continue;
    const arrayHeader = /^\[\[([A-Za-z0-9_.-]+)\]\]$/.exec(line);
    const tableHeader = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (arrayHeader !== null) {
      const path = arrayHeader[1]!.split('.');
      const parent = tableAt(root, path.slice(0, -1), where);
      const key = path.at(-1)!;
      const list = parent[key] ?? (parent[key] = []);
      if (!Array.isArray(list) || list.some((item) => typeof item !== 'object')) {
        throw new Error(`${where}: ${key} is not an array of tables`);
      }
      const table: TomlTable = {};
      (list as TomlTable[]).push(table);
      current = table;
      continue;
    }
    if (tableHeader !== null) {
      current = tableAt(root, tableHeader[1]!.split('.'), where);
      continue;
    }
    const pair = /^([^=]+)=(.*)$/.exec(line);
    if (pair === null) throw new Error(`${where}: not a key = value pair`);
    const key = pair[1]!.trim();
    if (!bareKey.test(key)) throw new Error(`${where}: key ${key} is not a bare key`);
    if (key in current) throw new Error(`${where}: ${key} is defined twice`);
    let value = pair[2]!.trim();
    while (value.startsWith('[') && !value.endsWith(']')) {
      index++;
      if (index >= lines.length) throw new Error(`${where}: unclosed array`);
      line = withoutComment(lines[index]!).trim();
      value += line;
    }
    current[key] = parseValue(value, where);
  }
  return root;
}
