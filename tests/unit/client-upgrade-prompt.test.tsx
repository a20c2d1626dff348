// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  reachedLimitOf,
  UpgradePrompt,
  type ReachedLimit,
} from '#client/components/upgrade-prompt.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import type { PlanId } from '#shared/plans.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * The upgrade prompt of a limit reached, rendered into a DOM with the real catalogues: what the
 * owner's plan allows, the plan that allows more with the way to it, or that no plan does.
 */

afterEach(cleanup);

/** The prompt as the owner reads it (announced at once), and the links it offers; null if none. */
function rendered(error: unknown, currentPlan?: PlanId, knownLimit?: ReachedLimit['limit']) {
  cleanup();
  const reached = reachedLimitOf(error, knownLimit);
  if (reached === null) return null;
  render(
    <MemoryRouter>
      <UpgradePrompt reached={reached} {...(currentPlan && { currentPlan })} />
    </MemoryRouter>,
  );
  const prompt = screen.getByRole('alert');
  const text = [...prompt.children]
    .map((paragraph) => paragraph.textContent)
    .join(' ')
    .replace(/ +/g, ' ')
    .trim();
  const links = screen
    .queryAllByRole('link')
    .map((link) => ({ href: link.getAttribute('href'), text: link.textContent }));
  return { text, links };
}

const storesReached = (plan?: PlanId) =>
  new ApiError(403, 'plan_limit_reached', 'limit', {
    limit: 'stores',
    ...(plan !== undefined && { plan }),
  });

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
});

describe('a store limit reached', () => {
  it('names what the plan allows and the plan that allows more, with the way to upgrade', async () => {
    await i18n.changeLanguage('en');
    expect(rendered(storesReached('business'), 'free')).toEqual({
      text: 'Your Free plan connects 1 store. Business connects up to 5 stores. Upgrade to Business',
      links: [{ href: '/pricing', text: 'Upgrade to Business' }],
    });
  });

  it('reads the same in French, with its typography', async () => {
    await i18n.changeLanguage('fr');
    expect(rendered(storesReached('business'), 'pro')).toEqual({
      text: 'Votre offre Pro connecte 1 boutique. L’offre Business connecte jusqu’à 5 boutiques. Passer à l’offre Business',
      links: [{ href: '/pricing', text: 'Passer à l’offre Business' }],
    });
  });

  it('says when no plan allows more, without a link to upgrade', async () => {
    await i18n.changeLanguage('en');
    expect(rendered(storesReached(), 'business')).toEqual({
      text: 'Your Business plan connects up to 5 stores. No plan connects more stores: disconnect one to connect another.',
      links: [],
    });
    await i18n.changeLanguage('fr');
    expect(rendered(storesReached(), 'business')?.text).toBe(
      'Votre offre Business connecte jusqu’à 5 boutiques. Aucune offre ne connecte plus de boutiques\u00a0: déconnectez-en une pour en connecter une autre.',
    );
  });

  it('sends to the plans when only the code came back (a connection refused at its callback)', async () => {
    await i18n.changeLanguage('en');
    expect(rendered({ code: 'plan_limit_reached' }, 'free', 'stores')).toEqual({
      text: 'Your Free plan connects 1 store. See the plans',
      links: [{ href: '/pricing', text: 'See the plans' }],
    });
  });

  it('is not shown for another failure', () => {
    expect(rendered(new ApiError(409, 'shop_connected_elsewhere', 'elsewhere'), 'free')).toBeNull();
    expect(rendered({ code: 'oauth_denied' }, 'free', 'stores')).toBeNull();
  });
});
