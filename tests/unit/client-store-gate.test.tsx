// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreGate } from '#client/components/store-gate.tsx';
import type { initI18n } from '#client/lib/i18n.ts';
import type { ChosenStore } from '#client/lib/use-chosen-store.ts';
import type { Shop, ShopState } from '#shared/schemas/shops.ts';
import { initDomI18n } from '../support/dom-i18n.ts';
import { storeAnswer } from '../support/store-answers.ts';

/**
 * What a screen that works on one store shows before its own view (the SEO screens today, the blog
 * and the dashboard next), rendered into a DOM with the real catalogues: the stores loading or
 * failing, the screen's own words for no store and for a store not imported yet, the picker among
 * several stores (none for one), and the screen's view for a store whose copy is there.
 */

afterEach(cleanup);

const shop = (id: string, state: ShopState, lastSyncedAt: string | null = null): Shop =>
  storeAnswer({ id, shopDomain: `${id}.myshopify.com`, name: `Store ${id}`, state, lastSyncedAt });

interface ChosenState {
  isPending?: boolean;
  isError?: boolean;
  shops?: Shop[];
  shop?: Shop | null;
  choose?: (shopId: string) => void;
}

/** The gate for the stores as useChosenStore gives them; the text it shows. */
function renderGate({
  isPending = false,
  isError = false,
  shops = [],
  shop = null,
  choose = () => {},
}: ChosenState): string {
  const chosen: ChosenStore = {
    uid: 'user-1',
    // The part of TanStack Query's answer the gate reads.
    shopsQuery: {
      isPending,
      isError,
      isFetching: false,
      error: isError ? new Error('offline') : null,
      data: isPending || isError ? undefined : { shops },
      refetch: () => Promise.resolve(),
    } as unknown as ChosenStore['shopsQuery'],
    shops,
    shop,
    choose,
  };
  const { container } = render(
    <MemoryRouter>
      <StoreGate
        chosen={chosen}
        empty={<p>Connect a store to start.</p>}
        notReady={{
          text: (name, readiness) => `${name} is ${readiness}.`,
          shopsLink: 'Open the Shops page',
        }}
      >
        {(shown) => <p>{`The view of ${shown.name ?? ''}.`}</p>}
      </StoreGate>
    </MemoryRouter>,
  );
  return textOf(container);
}

/** An element's text as it reads, a space between its blocks. */
function textOf(element: Element): string {
  return element.children.length === 0
    ? (element.textContent ?? '')
    : [...element.children]
        .map(textOf)
        .filter((text) => text !== '')
        .join(' ');
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
});

describe('StoreGate', () => {
  it('says the stores are loading, or that they failed with Try again', async () => {
    await i18n.changeLanguage('en');
    renderGate({ isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading your stores…');
    cleanup();
    expect(renderGate({ isError: true })).toBe('Your stores could not be loaded. Try again');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('fr');
    expect(renderGate({ isError: true })).toBe(
      'Vos boutiques n’ont pas pu être chargées. Réessayer',
    );
  });

  it('shows the screen’s own words when there is no store', () => {
    expect(renderGate({ shops: [] })).toBe('Connect a store to start.');
  });

  it('shows the screen’s view of a store whose copy is there, with no picker for one store', () => {
    const only = shop('a', 'ready', '2026-11-02T10:00:00.000Z');
    expect(renderGate({ shops: [only], shop: only })).toBe('The view of Store a.');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers the owner’s stores in a labelled picker when there are several', async () => {
    await i18n.changeLanguage('en');
    const shops = [shop('a', 'ready'), shop('b', 'importing')];
    renderGate({ shops, shop: shops[0] ?? null });
    const picker = screen.getByRole('combobox', { name: 'Store' });
    expect(
      screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent),
    ).toEqual(['Store a', 'Store b']);
    expect((picker as HTMLSelectElement).value).toBe('a');
    cleanup();
    await i18n.changeLanguage('fr');
    renderGate({ shops, shop: shops[0] ?? null });
    expect(screen.getByRole('combobox', { name: 'Boutique' })).toBeTruthy();
  });

  it('shows the store the owner picks', async () => {
    await i18n.changeLanguage('en');
    const shops = [shop('a', 'ready'), shop('b', 'ready')];
    const choose = vi.fn();
    renderGate({ shops, shop: shops[0] ?? null, choose });
    fireEvent.change(screen.getByRole('combobox', { name: 'Store' }), { target: { value: 'b' } });
    expect(choose).toHaveBeenCalledWith('b');
  });

  it('lets the screen say why a store not imported yet waits, and leads to the Shops page', () => {
    expect(renderGate({ shops: [shop('a', 'importing')], shop: shop('a', 'importing') })).toBe(
      'Store a is importing. Open the Shops page',
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Shops page' }).getAttribute('href')).toBe(
      '/shops',
    );
    cleanup();
    expect(renderGate({ shops: [shop('a', 'error')], shop: shop('a', 'error') })).toBe(
      'Store a is unavailable. Open the Shops page',
    );
  });
});
