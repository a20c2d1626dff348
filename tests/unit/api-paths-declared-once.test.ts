import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApiContract } from '#shared/contracts/api-contract.ts';

/**
 * A route declared in shared/contracts is called through its contract (client/lib/call-api.ts):
 * no client file spells its path again. The client's string and template literals are read with
 * the path constants and path helpers they use put back in (`${seoPath(shopId)}/changes` is read as
 * `/api/v1/shops/:x/seo/changes`), then compared with every declared path, segment by segment.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.test(file))
    .map((file) => path.join(folder, file));
}

async function declaredPaths(): Promise<string[]> {
  const paths: string[] = [];
  for (const file of filesUnder('shared/contracts', /\.ts$/)) {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as object;
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'object' || exported === null) continue;
      for (const contract of Object.values(exported as Record<string, unknown>)) {
        if (typeof contract === 'object' && contract !== null && 'path' in contract) {
          paths.push((contract as ApiContract).path);
        }
      }
    }
  }
  return paths;
}

const literal = /'([^'\n]*)'|`([^`]*)`/g;
/** `const name = '…'`, `` const name = `…` `` or `const name = (…) => `…``: a path's building block. */
const definition = /const (\w+)(?::[^=]+)? =\s*(?:\([^)]*\)\s*=>\s*)?(?:'([^'\n]*)'|`([^`]*)`)/g;

/** The path constants and helpers the client's files define, by name. */
function definitionsIn(sources: readonly string[]): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const source of sources) {
    for (const match of source.matchAll(definition)) {
      definitions.set(match[1]!, match[2] ?? match[3]!);
    }
  }
  return definitions;
}

/** A literal with the constants and helpers it names put back in, and `:x` for what is left. */
function expanded(text: string, definitions: ReadonlyMap<string, string>): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    const next = current.replace(
      /\$\{\s*(\w+)(?:\([^{}]*\))?\s*\}/g,
      (whole, name: string) => definitions.get(name) ?? whole,
    );
    if (next === current) break;
    current = next;
  }
  // A value put right after a path's last word is its query string (`…/changes${search}`).
  const withoutSearch = current.replace(/([^/])\$\{[^{}]*\}$/, '$1');
  return withoutSearch.replace(/\$\{[^{}]*\}/g, ':x').split('?')[0]!;
}

function matchesDeclared(spelled: string, declared: string): boolean {
  const spelledParts = spelled.split('/');
  const declaredParts = declared.split('/');
  return (
    spelledParts.length === declaredParts.length &&
    declaredParts.every(
      (part, index) =>
        part.startsWith(':') || spelledParts[index] === ':x' || part === spelledParts[index],
    )
  );
}

/** Each declared path a source spells, with the literal that spells it. */
export function spelledContractPaths(
  source: string,
  declared: readonly string[],
  definitions: ReadonlyMap<string, string>,
): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(literal)) {
    const text = expanded(match[1] ?? match[2]!, definitions);
    if (!text.startsWith('/api/v1/')) continue;
    const path = declared.find((candidate) => matchesDeclared(text, candidate));
    if (path !== undefined) found.push(`${match[0]} spells ${path}`);
  }
  return found;
}

describe('the API paths declared in shared/contracts', () => {
  it('are spelled by no client file', async () => {
    const declared = await declaredPaths();
    expect(declared.length).toBeGreaterThan(0);
    const files = filesUnder('client', /\.tsx?$/);
    const sources = files.map((file) => readFileSync(path.join(root, file), 'utf8'));
    const definitions = definitionsIn(sources);
    const spelled = files.flatMap((file, index) =>
      spelledContractPaths(sources[index]!, declared, definitions).map((hit) => `${file}: ${hit}`),
    );
    expect(spelled).toEqual([]);
  });

  describe('are found however a client file would spell them', () => {
    const declared = [
      '/api/v1/shops/:shopId/seo/changes',
      '/api/v1/shops/:shopId/seo/changes/:changeId/undo',
    ];

    it.each([
      ['a plain string', `request('GET', '/api/v1/shops/abc/seo/changes', schema);`],
      ['a template', 'request(`/api/v1/shops/${shopId}/seo/changes/${changeId}/undo`);'],
      ['a query string', 'request(`/api/v1/shops/${id}/seo/changes?state=${state}`);'],
      [
        'a path helper',
        [
          "const shopsPath = '/api/v1/shops';",
          'const seoPath = (shopId: string) => `${shopsPath}/${encodeURIComponent(shopId)}/seo`;',
          "request('GET', `${seoPath(shopId)}/changes${querySearch(query)}`, schema);",
        ].join('\n'),
      ],
    ])('in %s', (_, source) => {
      const definitions = definitionsIn([source]);
      expect(spelledContractPaths(source, declared, definitions)).toHaveLength(1);
    });

    it('and not paths that no contract declares', () => {
      const source =
        "const shopsPath = '/api/v1/shops';\nrequest(`${shopsPath}/${id}/seo/audits`);";
      expect(spelledContractPaths(source, declared, definitionsIn([source]))).toEqual([]);
    });
  });
});
