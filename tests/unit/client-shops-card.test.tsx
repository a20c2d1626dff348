// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShopCard } from '#client/features/shops/components/shop-card.tsx';
import type { initI18n } from '#client/lib/i18n.ts';
import type { PlanId } from '#shared/plans.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { changeDomLanguage, initDomI18n } from '../support/dom-i18n.ts';

/**
 * A store's card as the owner reads it, rendered into a DOM with the real catalogues: why a store
 * needs them, said once, what Vitrine holds of a reconnected store while it imports again, how much
 * of a store the owner's plan lets it copy, and the buttons that act on the store.
 */

afterEach(cleanup);

const counts = {
  products: 300,
  collections: 12,
  pages: 8,
  blogs: 1,
  articles: 20,
  media: 410,
  translations: 900,
};

function store(changes: Partial<Shop>): Shop {
  return {
    id: 'shop-1',
    shopDomain: 'maison-exemple.myshopify.com',
    name: 'Maison Exemple',
    primaryDomain: null,
    currency: 'EUR',
    locales: [],
    state: 'ready',
    errorCode: null,
    progress: null,
    counts,
    partialCopy: [],
    connectedAt: '2026-11-23T10:00:00.000Z',
    lastSyncedAt: '2026-11-23T10:05:00.000Z',
    paused: false,
    ...changes,
  };
}

type CardHandlers = Pick<
  Parameters<typeof ShopCard>[0],
  'onReconnect' | 'onDisconnect' | 'onKeepActive'
>;

/** The card, rendered alone; its element. */
function renderCard(
  shop: Shop,
  maxStores = 1,
  plan: PlanId = 'free',
  handlers: Partial<CardHandlers> = {},
): HTMLElement {
  cleanup();
  const { container } = render(
    <MemoryRouter>
      <ShopCard
        shop={shop}
        plan={plan}
        maxStores={maxStores}
        onReconnect={() => {}}
        onDisconnect={() => {}}
        onKeepActive={() => {}}
        {...handlers}
      />
    </MemoryRouter>,
  );
  return container;
}

/** The card's texts, one per element, as they read on screen. */
function textsOf(shop: Shop, maxStores = 1, plan: PlanId = 'free'): string[] {
  return textsIn(renderCard(shop, maxStores, plan));
}

/** The runs of text between an element's tags, in document order. */
function textsIn(element: Element): string[] {
  const texts: string[] = [];
  let run = '';
  const flush = () => {
    if (run.trim() !== '') texts.push(run.trim());
    run = '';
  };
  const visit = (parent: Node) => {
    for (const child of parent.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) run += child.textContent ?? '';
      else {
        flush();
        visit(child);
        flush();
      }
    }
  };
  visit(element);
  flush();
  return texts;
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en', ['shops']);
});

describe('a store the app was uninstalled from', () => {
  const uninstalled = store({ state: 'needs_reconnecting', errorCode: 'app_uninstalled' });

  it.each([
    [
      'en',
      'The Vitrine app was uninstalled from this store. Reconnect to install it again.',
      'Reconnect',
    ],
    [
      'fr',
      'L’application Vitrine a été désinstallée de cette boutique. Reconnectez la boutique pour l’installer à nouveau.',
      'Reconnecter',
    ],
  ] as const)(
    'says so in its own words (%s), once, with Reconnect',
    async (language, message, button) => {
      await changeDomLanguage(i18n, language, ['shops']);
      const texts = textsOf(uninstalled);
      const said = texts.filter((text) => text.includes(message));
      expect(said).toHaveLength(1);
      expect(texts).toContain(button);
      // Not Shopify's refusal, and no second instruction to reconnect beside its own.
      expect(texts.join('\n')).not.toMatch(
        /refused|a refusé|Connect the store again|Connectez à nouveau/,
      );
    },
  );
});

describe('the reason a store needs the owner', () => {
  it.each([
    ['needs_reconnecting', 'app_uninstalled'],
    ['needs_reconnecting', 'shopify_refused'],
    ['needs_reconnecting', 'shop_needs_reconnecting'],
    ['needs_reconnecting', 'a_code_with_no_words'],
    ['error', 'import_failed'],
    ['error', 'internal_error'],
    ['error', 'shopify_unavailable'],
  ] as const)('is never said twice (%s, %s)', async (state, errorCode) => {
    for (const language of ['en', 'fr'] as const) {
      await changeDomLanguage(i18n, language, ['shops']);
      const texts = textsOf(store({ state, errorCode }));
      const stateName = i18n.t(`store.states.${state}`, { ns: 'shops' });
      // The state's name shows once, on its badge: a reason is its code's own words or nothing.
      expect(texts.filter((text) => text.includes(stateName))).toHaveLength(1);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });
});

describe('a reconnected store importing again', () => {
  it.each([
    ['queued', store({ state: 'connecting' })],
    ['running', store({ state: 'importing', progress: { done: 120, total: 2000, percent: 6 } })],
  ])('keeps its counts and its last sync while the import is %s', async (_phase, shop) => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const texts = textsOf(shop);
    expect(texts).toContain('Re-importing');
    expect(texts).toContain('300 products');
    expect(texts).toContain('900 translations');
    expect(texts.some((text) => text.startsWith('Last synced '))).toBe(true);
    expect(texts).not.toContain('Connecting');
  });

  it('reads the same in French', async () => {
    await changeDomLanguage(i18n, 'fr', ['shops']);
    const texts = textsOf(store({ state: 'connecting' }));
    expect(texts).toContain('Réimport en cours');
    expect(texts).toContain(i18n.t('counts.products', { ns: 'shops', count: 300 }));
    expect(texts.some((text) => text.startsWith('Dernière synchronisation'))).toBe(true);
  });

  it('differs from a first connection, which holds nothing yet', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const texts = textsOf(
      store({ state: 'connecting', lastSyncedAt: null, counts: { ...counts } }),
    );
    expect(texts).toContain('Connecting');
    expect(texts).not.toContain('Re-importing');
    expect(texts).not.toContain('300 products');
    expect(texts.some((text) => text.startsWith('Last synced '))).toBe(false);
  });
});

describe('a store the plan pauses', () => {
  it.each([
    ['en', 1, 'Paused: your plan allows 1 store.', 'Keep this store active'],
    ['en', 5, 'Paused: your plan allows 5 stores.', 'Keep this store active'],
    ['fr', 1, 'En pause\u00a0: votre offre permet 1 boutique.', 'Garder cette boutique active'],
  ] as const)(
    'says so (%s, %i allowed), with the button that keeps it active',
    async (language, max, said, button) => {
      await changeDomLanguage(i18n, language, ['shops']);
      const texts = textsOf(store({ paused: true }), max);
      expect(texts).toContain(said);
      expect(texts).toContain(button);
      // Its data stays on the card.
      expect(texts).toContain(i18n.t('counts.products', { ns: 'shops', count: 300 }));
    },
  );

  it('is not said of an active store, which has no such button', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const texts = textsOf(store({ paused: false }));
    expect(texts.join('\n')).not.toMatch(/Paused|Keep this store active/);
  });
});

describe('a copy the owner’s plan bounds', () => {
  const partial = store({
    counts: { ...counts, products: 5000 },
    partialCopy: [{ kind: 'products', copied: 5000, total: 6000 }],
  });

  it.each([
    [
      'en',
      '5,000 of 6,000 products copied: your plan audits up to 100 pages.',
      'See the plans that audit more pages',
    ],
    [
      'fr',
      '5\u202f000 produits copiés sur 6\u202f000\u00a0: votre offre audite jusqu’à 100 pages.',
      'Voir les offres qui auditent plus de pages',
    ],
  ] as const)(
    'says how much it copied and what the plan audits (%s), with the plans',
    async (language, said, link) => {
      await changeDomLanguage(i18n, language, ['shops']);
      const texts = textsOf(partial);
      expect(texts).toContain(said);
      expect(texts).toContain(link);
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/pricing');
    },
  );

  it('names the collections too, and says what it copied before Shopify gave the total', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const texts = textsOf(
      store({
        partialCopy: [
          { kind: 'products', copied: 5000, total: null },
          { kind: 'collections', copied: 4990, total: 7000 },
        ],
      }),
      1,
      'pro',
    );
    expect(texts).toContain(
      '5,000 products copied, not all of the store’s: your plan audits up to 10,000 pages.',
    );
    expect(texts).toContain(
      '4,990 of 7,000 collections copied: your plan audits up to 10,000 pages.',
    );
  });

  it('offers no plan when none audits more pages, and says nothing of a whole copy', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const onBusiness = textsOf(partial, 5, 'business');
    expect(onBusiness).toContain(
      '5,000 of 6,000 products copied: your plan audits up to 100,000 pages.',
    );
    expect(onBusiness.join('\n')).not.toContain('See the plans');
    expect(textsOf(store({})).join('\n')).not.toMatch(/copied|See the plans/);
  });
});

describe('the card’s buttons', () => {
  it('name the store they act on, and hand it to the screen when pressed', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    const onReconnect = vi.fn();
    const onDisconnect = vi.fn();
    const onKeepActive = vi.fn();
    const shop = store({
      state: 'needs_reconnecting',
      errorCode: 'app_uninstalled',
      paused: true,
    });
    renderCard(shop, 1, 'free', { onReconnect, onDisconnect, onKeepActive });
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect Maison Exemple' }));
    expect(onReconnect).toHaveBeenCalledWith(shop);
    fireEvent.click(screen.getByRole('button', { name: 'Keep Maison Exemple active' }));
    expect(onKeepActive).toHaveBeenCalledWith(shop);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Maison Exemple' }));
    expect(onDisconnect).toHaveBeenCalledWith(shop);
  });

  it('say once, at once, why a store needs the owner', async () => {
    await changeDomLanguage(i18n, 'en', ['shops']);
    renderCard(store({ state: 'needs_reconnecting', errorCode: 'app_uninstalled' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Reason: The Vitrine app was uninstalled from this store. Reconnect to install it again.',
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Reconnect',
      'Disconnect',
    ]);
  });
});
