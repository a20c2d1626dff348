// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * The words a form shows for an API error code, in the user's language: the code's own text when
 * the common catalogue has one, the screen's message otherwise. Rendered by a component as a form
 * renders it, with the real catalogues.
 */

const apiErrors = (language: Language): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.join(localesDir, language, 'common.json'), 'utf8')) as {
      apiErrors: Record<string, string>;
    }
  ).apiErrors;

// Not `new URL(…, import.meta.url)`, which Vite turns into an asset's address in a DOM test.
const localesDir = path.resolve(import.meta.dirname, '../../client/locales');

afterEach(cleanup);

const fallback = 'The screen’s own message';

/** What a form shows for `code`, rendered into a DOM. */
function shownFor(code: string): string {
  cleanup();
  function ErrorText() {
    return <p>{useApiErrorText()(code, fallback)}</p>;
  }
  return render(<ErrorText />).container.textContent ?? '';
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
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
