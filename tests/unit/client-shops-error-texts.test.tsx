// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import { supportedLanguages } from '#shared/constants.ts';
import { errorCodes } from '#shared/errors.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * The stores' failures read in the owner's language, each in its own words, with the real
 * catalogues; and the popup's three messages are the product's own (French word for word).
 */

/** The stores' block of shared/errors.ts, and the limit a store connection or action may reach. */
const storeBlock = errorCodes.slice(
  errorCodes.indexOf('invalid_shop_domain'),
  errorCodes.indexOf('webhook_signature_invalid') + 1,
);
const storeCodes = [...storeBlock, 'plan_limit_reached'];
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

function catalogue(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
});

describe.each(supportedLanguages)('store error texts in %s', (language) => {
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });

  it('cover the whole store block of shared/errors.ts', () => {
    expect(storeBlock).toContain('shop_needs_reconnecting');
    // The block ends where the plans' begins.
    expect(errorCodes[errorCodes.indexOf('webhook_signature_invalid') + 1]).toBe(
      'plan_limit_reached',
    );
  });

  it.each(storeCodes)('tell %s in its own words', (code) => {
    const text = shownFor(code);
    expect(text).not.toBe(fallback);
    expect(text).toBe((catalogue(language, 'common').apiErrors as Record<string, string>)[code]);
  });

  it('differ from one code to the next', () => {
    const texts = storeCodes.map(shownFor);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('the connection popup’s messages', () => {
  const popup = (language: string) =>
    (catalogue(language, 'shops').connect as { popup: Record<string, string> }).popup;

  it('are the product’s French texts, word for word', () => {
    expect(popup('fr')).toEqual({
      closed: 'Connexion annulée par l’utilisateur',
      blocked: 'Popup bloqué par le navigateur. Veuillez autoriser les popups et réessayer.',
      cancelled: 'Demande de connexion annulée',
    });
  });

  it('say the same in English', () => {
    expect(popup('en')).toEqual({
      closed: 'Connection cancelled by the user',
      blocked: 'Popup blocked by the browser. Please allow popups and try again.',
      cancelled: 'Connection request cancelled',
    });
  });
});
