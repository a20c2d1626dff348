import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-error.ts';
import { initI18n } from '#client/lib/i18n.ts';

/**
 * What every screen shows of a read from the server: that it loads (announced politely), that it
 * failed (at once, in the API's words or the screen's own, with Try again that waits while the
 * read runs again), that there is nothing, or what was read. Rendered with the real catalogues.
 */

interface QueryRead {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}
interface QueryStateModule {
  QueryState: (props: {
    query: QueryRead;
    loading: string;
    failed: string;
    isEmpty?: (data: unknown) => boolean;
    empty?: ReactNode;
    children: (data: unknown) => ReactNode;
  }) => ReactNode;
}
// A React component, which the Node typecheck of the tests does not compile: loaded by its path.
const queryStatePath = '../../client/components/query-state.tsx';
const { QueryState } = (await import(queryStatePath)) as QueryStateModule;

const read = (state: Partial<QueryRead>): QueryRead => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => Promise.resolve(),
  ...state,
});

function render(query: QueryRead): string {
  return renderToStaticMarkup(
    createElement(QueryState as never, {
      query,
      loading: 'Loading your stores…',
      failed: 'Your stores could not be loaded.',
      isEmpty: (data: string[]) => data.length === 0,
      empty: createElement('p', null, 'No store yet.'),
      children: (data: string[]) => createElement('p', null, `Stores: ${data.join(', ')}`),
    }),
  );
}

/** The text of the element with this role, its tags dropped. */
function textOfRole(html: string, role: string): string | undefined {
  const match = new RegExp(`<(\\w+)\\b[^>]*\\srole="${role}"[^>]*>(.*?)</\\1>`).exec(html);
  return match?.[2]
    ?.replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function retryButton(html: string): string | undefined {
  return /<button\b[^>]*>[^<]*<\/button>/.exec(html)?.[0];
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
});

describe('QueryState', () => {
  it('announces the read under way politely', async () => {
    await i18n.changeLanguage('en');
    expect(textOfRole(render(read({ isPending: true })), 'status')).toBe('Loading your stores…');
  });

  it('says at once what failed, in the screen’s words, with Try again', async () => {
    await i18n.changeLanguage('en');
    const html = render(read({ isError: true, error: new Error('offline') }));
    expect(textOfRole(html, 'alert')).toBe('Your stores could not be loaded. Try again');
    expect(retryButton(html)).not.toContain('disabled');
    await i18n.changeLanguage('fr');
    expect(render(read({ isError: true, error: new Error('offline') }))).toContain('>Réessayer<');
  });

  it('says the API’s own words when it has some, and waits while the read runs again', async () => {
    await i18n.changeLanguage('en');
    const html = render(
      read({
        isError: true,
        isFetching: true,
        error: new ApiError(429, 'rate_limited', 'Too many requests'),
      }),
    );
    expect(textOfRole(html, 'alert')).toContain(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(retryButton(html)).toContain(' disabled=""');
  });

  it('shows the empty state when nothing was read, and what was read otherwise', () => {
    expect(render(read({ data: [] }))).toBe('<p>No store yet.</p>');
    expect(render(read({ data: ['Maison Exemple', 'Atelier'] }))).toBe(
      '<p>Stores: Maison Exemple, Atelier</p>',
    );
  });
});
