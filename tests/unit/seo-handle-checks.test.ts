import { describe, expect, it } from 'vitest';
import { findings, pageView } from '../support/seo-pages-and-checks.ts';

describe('U01 handle format', () => {
  it.each([
    ['en', 'linen-throw'],
    ['en', 'throw-130x170-2'],
    ['fr', 'plaid-en-lin-ecru'],
    ['fr', 'a'],
  ] as const)('passes the %s handle %j', (language, handle) => {
    expect(findings('U01', pageView({ language, handle }))).toEqual([]);
  });

  it.each([
    ['en', 'Linen-Throw'],
    ['en', 'linen_throw'],
    ['en', 'linen--throw'],
    ['en', '-linen-throw'],
    ['en', 'linen-throw-'],
    ['fr', 'plaid-en-lin-écru'],
    ['fr', 'plaid en lin'],
    ['fr', 'plaid%C3%A9'],
    ['fr', ''],
  ] as const)('finds the %s handle %j, quoting it', (language, handle) => {
    expect(findings('U01', pageView({ language, handle }))).toEqual([
      { field: 'handle', excerpt: handle },
    ]);
  });
});
