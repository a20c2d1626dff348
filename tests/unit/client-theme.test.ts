import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { applyThemeTo, isSupportedTheme, resolveTheme } from '#client/lib/theme.ts';
import { themeCookieName, type Theme } from '#shared/constants.ts';

class FakeElement {
  readonly attributes = new Map<string, string>();
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
}

function fakeDocument(cookie = '') {
  const documentElement = new FakeElement();
  const colorScheme = new FakeElement();
  colorScheme.setAttribute('content', 'light dark');
  return {
    cookie,
    documentElement,
    colorScheme,
    querySelector: (selector: string) =>
      selector === 'meta[name="color-scheme"]' ? colorScheme : null,
  };
}

describe('resolveTheme', () => {
  it('follows the system only for the system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('knows the three themes only', () => {
    expect(['light', 'dark', 'system'].every(isSupportedTheme)).toBe(true);
    expect(isSupportedTheme('neon')).toBe(false);
    expect(isSupportedTheme(undefined)).toBe(false);
  });
});

describe('applyThemeTo', () => {
  it('sets the resolved theme, the preference and the color-scheme meta', () => {
    const page = fakeDocument();
    expect(applyThemeTo(page, 'system', true)).toBe('dark');
    expect(page.documentElement.attributes.get('data-theme')).toBe('dark');
    expect(page.documentElement.attributes.get('data-theme-preference')).toBe('system');
    expect(page.colorScheme.attributes.get('content')).toBe('dark');
    applyThemeTo(page, 'light', true);
    expect(page.documentElement.attributes.get('data-theme')).toBe('light');
    expect(page.colorScheme.attributes.get('content')).toBe('light');
  });
});

describe('the inline theme script of index.html', () => {
  const html = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const themeScripts = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.includes(themeCookieName));
  const themeScript = themeScripts[0] ?? '';

  function run(cookie: string, prefersDark: boolean) {
    const page = fakeDocument(cookie);
    runInNewContext(themeScript, {
      document: page,
      matchMedia: (query: string) => ({
        matches: query === '(prefers-color-scheme: dark)' && prefersDark,
      }),
    });
    return page;
  }

  it('is one classic script in <head>, before any stylesheet', () => {
    expect(themeScripts).toHaveLength(1);
    const stylesheet = head.search(/<link[^>]+rel="?stylesheet/);
    if (stylesheet !== -1) expect(head.indexOf(themeScript)).toBeLessThan(stylesheet);
  });

  it('applies the theme cookie exactly as applyThemeTo does', () => {
    const cases: Array<[string, boolean, Theme]> = [
      ['vitrine_theme=dark', false, 'dark'],
      ['a=1; vitrine_theme=light', true, 'light'],
      ['vitrine_theme=system; b=2', true, 'system'],
      ['', true, 'system'],
      ['', false, 'system'],
      ['vitrine_theme=neon', true, 'system'],
      ['x_vitrine_theme=dark', false, 'system'],
    ];
    for (const [cookie, prefersDark, preference] of cases) {
      const expected = fakeDocument();
      applyThemeTo(expected, preference, prefersDark);
      const page = run(cookie, prefersDark);
      expect(page.documentElement.attributes, cookie).toEqual(expected.documentElement.attributes);
      expect(page.colorScheme.attributes, cookie).toEqual(expected.colorScheme.attributes);
    }
  });

  it('throws nothing where matchMedia is missing', () => {
    const page = fakeDocument('vitrine_theme=system');
    expect(() => runInNewContext(themeScript, { document: page })).not.toThrow();
  });
});
