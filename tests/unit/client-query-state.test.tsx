// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryRead } from '#client/components/query-state.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * What every screen shows of a read from the server: that it loads (announced politely), that it
 * failed (at once, in the API's words or the screen's own, with Try again that reads again and
 * waits while the read runs), that there is nothing, or what was read. Rendered into a DOM with the
 * real catalogues.
 */

afterEach(cleanup);

const read = (state: Partial<QueryRead<string[]>>): QueryRead<string[]> => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => Promise.resolve(),
  ...state,
});

/** What the screen shows of the read; its container. */
function renderRead(query: QueryRead<string[]>): HTMLElement {
  return render(
    <QueryState
      query={query}
      loading="Loading your stores…"
      failed="Your stores could not be loaded."
      isEmpty={(data) => data.length === 0}
      empty={<p>No store yet.</p>}
    >
      {(data) => <p>Stores: {data.join(', ')}</p>}
    </QueryState>,
  ).container;
}

/** The text of an element as it reads, a space between its blocks. */
const textOf = (element: HTMLElement): string =>
  [...element.children].map((child) => child.textContent).join(' ');

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
});

describe('QueryState', () => {
  it('announces the read under way politely', async () => {
    await i18n.changeLanguage('en');
    renderRead(read({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading your stores…');
  });

  it('says at once what failed, in the screen’s words, with Try again', async () => {
    await i18n.changeLanguage('en');
    renderRead(read({ isError: true, error: new Error('offline') }));
    expect(textOf(screen.getByRole('alert'))).toBe('Your stores could not be loaded. Try again');
    expect(screen.getByRole('button', { name: 'Try again' }).hasAttribute('disabled')).toBe(false);
    cleanup();
    await i18n.changeLanguage('fr');
    renderRead(read({ isError: true, error: new Error('offline') }));
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('reads again on Try again', async () => {
    await i18n.changeLanguage('en');
    const refetch = vi.fn(() => Promise.resolve());
    renderRead(read({ isError: true, error: new Error('offline'), refetch }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says the API’s own words when it has some, and waits while the read runs again', async () => {
    await i18n.changeLanguage('en');
    const refetch = vi.fn(() => Promise.resolve());
    renderRead(
      read({
        isError: true,
        isFetching: true,
        error: new ApiError(429, 'rate_limited', 'Too many requests'),
        refetch,
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Too many attempts. Please wait a moment and try again.',
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.hasAttribute('disabled')).toBe(true);
    fireEvent.click(retry);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('shows the empty state when nothing was read, and what was read otherwise', () => {
    expect(renderRead(read({ data: [] })).innerHTML).toBe('<p>No store yet.</p>');
    cleanup();
    expect(renderRead(read({ data: ['Maison Exemple', 'Atelier'] })).innerHTML).toBe(
      '<p>Stores: Maison Exemple, Atelier</p>',
    );
  });
});
