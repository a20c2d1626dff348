import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-error.ts';
import { initI18n } from '#client/lib/i18n.ts';
import type { PlanId } from '#shared/plans.ts';

/**
 * The upgrade prompt of a limit reached, rendered with the real catalogues: what the owner's plan
 * allows, the plan that allows more with the way to it, or that no plan does.
 */

interface ReachedLimit {
  limit: 'stores' | 'pagesAudited' | 'blogPostsPerMonth';
  lifting: PlanId | null | undefined;
}
interface UpgradePromptModule {
  UpgradePrompt: (props: { reached: ReachedLimit; currentPlan?: PlanId }) => ReactNode;
  reachedLimitOf: (error: unknown, knownLimit?: ReachedLimit['limit']) => ReachedLimit | null;
}
// A React component, which the Node typecheck of the tests does not compile: loaded by its path.
const upgradePromptPath = '../../client/components/upgrade-prompt.tsx';
const { UpgradePrompt, reachedLimitOf } = (await import(upgradePromptPath)) as UpgradePromptModule;

function rendered(error: unknown, currentPlan?: PlanId, knownLimit?: ReachedLimit['limit']) {
  const reached = reachedLimitOf(error, knownLimit);
  if (reached === null) return null;
  const markup = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(UpgradePrompt as never, { reached, ...(currentPlan && { currentPlan }) }),
    ),
  );
  const links = [...markup.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, text]) => ({ href, text }),
  );
  const text = markup
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/ +/g, ' ')
    .trim();
  return { text, links };
}

const storesReached = (plan?: PlanId) =>
  new ApiError(403, 'plan_limit_reached', 'limit', {
    limit: 'stores',
    ...(plan !== undefined && { plan }),
  });

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
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
