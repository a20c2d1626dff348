import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { initI18n } from '#client/lib/i18n.ts';
import { supportedLanguages, type Language } from '#shared/constants.ts';

/**
 * The words a form shows for an API error code, in the user's language: the code's own text when
 * the common catalogue has one, the screen's message otherwise. Rendered by a component as a form
 * renders it, with the real catalogues.
 */

const apiErrors = (language: Language): Record<string, string> =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../client/locales/${language}/common.json`, import.meta.url),
        'utf8',
      ),
    ) as { apiErrors: Record<string, string> }
  ).apiErrors;

const fallback = 'The screen’s own message';

function shownFor(code: string): string {
  function ErrorText() {
    return createElement('p', null, useApiErrorText()(code, fallback));
  }
  return renderToStaticMarkup(createElement(ErrorText)).replace(/^<p>|<\/p>$/g, '');
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
});

describe.each(supportedLanguages)('API error texts in %s', (language) => {
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });

  it.each(['request_timeout', 'headers_too_large'])(
    'tell the servers’ refusal %s in its own words',
    (code) => {
      const text = shownFor(code);
      expect(text).not.toBe(fallback);
      expect(text).toBe(apiErrors(language)[code]);
    },
  );

  it.each([
    'subscription_exists',
    'no_subscription',
    'store_choice_required',
    'billing_unavailable',
    'subscription_cancel_failed',
  ])('tell the billing failure %s in its own words', (code) => {
    const text = shownFor(code);
    expect(text).not.toBe(fallback);
    expect(text).toBe(apiErrors(language)[code]);
  });

  it.each(['rate_limited', 'server_busy', 'checkout_in_progress'])(
    'tell a request refused for now, %s, in its own words',
    (code) => {
      const text = shownFor(code);
      expect(text).not.toBe(fallback);
      expect(text).toBe(apiErrors(language)[code]);
    },
  );

  it('leave the generic failures and the codes they do not know to the screen', () => {
    expect(shownFor('internal_error')).toBe(fallback);
    expect(shownFor('form_expired')).toBe(fallback);
  });
});
