import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '#client/lib/i18n.ts';
import type { Shop, ShopState } from '#shared/schemas/shops.ts';
import { storeAnswer } from '../support/store-answers.ts';

/**
 * What a screen that works on one store shows before its own view (the SEO screens today, the blog
 * and the dashboard next), rendered with the real catalogues: the stores loading or failing, the
 * screen's own words for no store and for a store not imported yet, the picker among several
 * stores (none for one), and the screen's view for a store whose copy is there.
 */

interface StoreGateModule {
  StoreGate: (props: {
    chosen: unknown;
    empty: ReactNode;
    notReady: (shop: Shop, readiness: 'importing' | 'unavailable') => ReactNode;
    children: (shop: Shop) => ReactNode;
  }) => ReactNode;
}
// React components, which the Node typecheck of the tests does not compile: loaded by their path.
const storeGatePath = '../../client/components/store-gate.tsx';
const { StoreGate } = (await import(storeGatePath)) as StoreGateModule;

const shop = (id: string, state: ShopState, lastSyncedAt: string | null = null): Shop =>
  storeAnswer({ id, shopDomain: `${id}.myshopify.com`, name: `Store ${id}`, state, lastSyncedAt });

interface ChosenState {
  isPending?: boolean;
  isError?: boolean;
  shops?: Shop[];
  shop?: Shop | null;
}

/** The gate's markup for the stores as useChosenStore gives them. */
function render({ isPending = false, isError = false, shops = [], shop = null }: ChosenState) {
  const chosen = {
    uid: 'user-1',
    shopsQuery: {
      isPending,
      isError,
      isFetching: false,
      error: isError ? new Error('offline') : null,
      data: isPending || isError ? undefined : { shops },
      refetch: () => Promise.resolve(),
    },
    shops,
    shop,
    choose: () => {},
  };
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(StoreGate as never, {
        chosen,
        empty: createElement('p', null, 'Connect a store to start.'),
        notReady: (waiting: Shop, readiness: string) =>
          createElement('p', null, `${waiting.name ?? ''} is ${readiness}.`),
        children: (shown: Shop) => createElement('p', null, `The view of ${shown.name ?? ''}.`),
      }),
    ),
  );
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function pickerOptions(html: string): string[] {
  return [...html.matchAll(/<option\b[^>]*>([^<]*)<\/option>/g)].map(([, name = '']) => name);
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
});

describe('StoreGate', () => {
  it('says the stores are loading, or that they failed with Try again', async () => {
    await i18n.changeLanguage('en');
    expect(render({ isPending: true })).toContain('role="status">Loading your stores…<');
    expect(text(render({ isError: true }))).toBe('Your stores could not be loaded. Try again');
    await i18n.changeLanguage('fr');
    expect(text(render({ isError: true }))).toBe(
      'Vos boutiques n’ont pas pu être chargées. Réessayer',
    );
  });

  it('shows the screen’s own words when there is no store', () => {
    expect(text(render({ shops: [] }))).toBe('Connect a store to start.');
  });

  it('shows the screen’s view of a store whose copy is there, with no picker for one store', () => {
    const only = shop('a', 'ready', '2026-11-02T10:00:00.000Z');
    const html = render({ shops: [only], shop: only });
    expect(text(html)).toBe('The view of Store a.');
    expect(html).not.toContain('<select');
  });

  it('offers the owner’s stores in a labelled picker when there are several', async () => {
    await i18n.changeLanguage('en');
    const shops = [shop('a', 'ready'), shop('b', 'importing')];
    const html = render({ shops, shop: shops[0] ?? null });
    const selectId = /<select\b[^>]*\sid="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${selectId ?? ''}">Store</label>`);
    expect(pickerOptions(html)).toEqual(['Store a', 'Store b']);
    await i18n.changeLanguage('fr');
    expect(render({ shops, shop: shops[0] ?? null })).toContain('>Boutique</label>');
  });

  it('lets the screen say why a store not imported yet waits', () => {
    expect(text(render({ shops: [shop('a', 'importing')], shop: shop('a', 'importing') }))).toBe(
      'Store a is importing.',
    );
    expect(text(render({ shops: [shop('a', 'error')], shop: shop('a', 'error') }))).toBe(
      'Store a is unavailable.',
    );
  });
});
