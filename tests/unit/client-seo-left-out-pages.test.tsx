// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/constants.ts';
import type { AuditRun, LeftOutPages } from '#shared/schemas/seo.ts';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import { AuditStatus } from '#client/features/seo/components/audit-status.tsx';
import { seoFormat } from '#client/features/seo/use-seo-format.ts';

/**
 * "N pages left out" on the SEO overview, past the plan's page limit: "See which" opens the list of
 * the pages the audit left out, each a link to the page in Shopify's admin, a slice at a time, with
 * the plan that audits more; in English and in French. The list is what the API answered, held in
 * the query cache as the screen reads it.
 */

// The catalogues are read from the repository's files, as the prerender reads them, rather than
// fetched from the build as a browser does.
vi.hoisted(() => {
  import.meta.env.SSR = true;
});

afterEach(cleanup);

const uid = 'owner-1';
const shopId = '3f1f1a36-8a3e-4a53-9d6c-0d6b2a9d6f10';

const run: AuditRun = {
  id: 'run-1',
  trigger: 'manual',
  state: 'done',
  startedAt: '2026-11-28T10:00:00Z',
  finishedAt: '2026-11-28T10:01:00Z',
  progress: { done: 100, total: 100 },
  pagesAudited: 100,
  pagesLeftOut: 90,
  pageLimit: 100,
};

/** The 90 products left out, as the API pages them. */
function slice(offset: number, limit: number): LeftOutPages {
  const pages = Array.from({ length: Math.min(limit, 90 - offset) }, (_, index) => {
    const id = 500 + offset + index;
    return {
      id: `gid://shopify/Product/${id}`,
      kind: 'product' as const,
      title: `Product number ${id}`,
      handle: `product-number-${id}`,
      adminUrl: `https://maison.myshopify.com/admin/products/${id}`,
    };
  });
  return { total: 90, offset, pages };
}

async function renderStatus(language: Language) {
  await initI18n(language);
  await loadNamespaces(['seo']);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(['seo', uid, shopId, 'left-out', 0], slice(0, 50));
  queryClient.setQueryData(['seo', uid, shopId, 'left-out', 50], slice(50, 50));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AuditStatus
          uid={uid}
          shopId={shopId}
          lastRun={run}
          storefront={{
            checked: 100,
            unreachable: 0,
            pages: 100,
            lastCheckedAt: null,
            lastPass: null,
          }}
          format={seoFormat(language)}
          currentPlan="free"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listedLinks = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('a')!.getAttribute('href'));

describe('the pages left out', () => {
  it('are listed from "See which", each opening in Shopify’s admin, a slice at a time', async () => {
    await renderStatus('en');
    expect(screen.getByText(/90 pages were left out/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See which' }));

    const dialog = screen.getByRole('dialog', { name: 'Pages left out of the audit' });
    expect(within(dialog).getByText('1–50 of 90 pages')).toBeTruthy();
    const first = within(dialog).getByRole('link', {
      name: 'Product number 500 (opens in Shopify’s admin)',
    });
    expect(first.getAttribute('href')).toBe('https://maison.myshopify.com/admin/products/500');
    expect(within(dialog).getByText('Product · product-number-500')).toBeTruthy();
    expect(listedLinks(dialog)).toHaveLength(50);
    // The plan that audits more, with the way to it.
    expect(within(dialog).getByText(/Your Free plan audits up to 100 pages/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/pricing',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('51–90 of 90 pages')).toBeTruthy();
    expect(listedLinks(dialog)).toHaveLength(40);
    expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('read the same in French', async () => {
    await renderStatus('fr');
    expect(screen.getByText(/90 pages ont été laissées de côté/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voir lesquelles' }));

    const dialog = screen.getByRole('dialog', { name: 'Pages laissées de côté par l’audit' });
    expect(within(dialog).getByText('1 à 50 sur 90 pages')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', {
        name: 'Product number 500 (s’ouvre dans l’admin Shopify)',
      }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Produit · product-number-500')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Passer à l’offre Pro' }).getAttribute('href'),
    ).toBe('/pricing');
    expect(
      within(dialog).getByRole('button', { name: 'Précédentes' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
