// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { IFetchInterceptor } from 'happy-dom';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import LoginPage from '#client/features/account/pages/login-page.tsx';
import { signUpThenCheckoutPath } from '#client/features/marketing/checkout-path.ts';
import IndexPage from '#client/features/marketing/pages/index-page.tsx';
import { firebaseAuth } from '#client/lib/firebase-auth/load-sdk.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import { loginUrlInLanguage } from '#client/lib/login-url.ts';
import { localRuntimeConfig } from '#client/lib/runtime-config.ts';
import { loginAddress, loginNoticeOf } from '#shared/login-address.ts';
import { runtimeConfigElementId, type RuntimeConfig } from '#shared/runtime-config.ts';
import { changeDomLanguage, initDomI18n } from '../support/dom-i18n.ts';

/**
 * Where the ways into /login lead, and what the page opens on: the landing page's "Create your
 * free account" on the sign-up form, a deleted account's arrival with a word about it. The pages
 * are rendered into a DOM at the address, and read by their links, buttons and headings.
 */

afterEach(cleanup);

/**
 * The sign-up form reads Firebase's password policy for its live requirements. The pages get the
 * configuration `npm start` gives them: the SDK talks to an Auth Emulator (outside a browser Node
 * loads the SDK's Node build, which has no Google popup to set up). The emulator's address is
 * answered here, in the DOM's own fetch, with the provider's default policy: nothing leaves the
 * process.
 */
function givePagesTheLocalModeConfig(): void {
  const emulatorUrl = 'http://auth-emulator.test';
  const local = localRuntimeConfig(location.origin);
  const config: RuntimeConfig = {
    ...local,
    firebase: { ...local.firebase, authEmulatorUrl: emulatorUrl },
  };
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = runtimeConfigElementId;
  block.textContent = JSON.stringify(config);
  document.head.append(block);
  const policy = {
    customStrengthOptions: { minPasswordLength: 6 },
    enforcementState: 'OFF',
    allowedNonAlphanumericCharacters: [],
    schemaVersion: 1,
  };
  (window as unknown as DomWithSettings).happyDOM.settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request, window }) => {
      if (
        !request.url.startsWith(`${emulatorUrl}/`) ||
        !request.url.includes('/v2/passwordPolicy')
      ) {
        return undefined;
      }
      return new window.Response(JSON.stringify(policy), {
        headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
      });
    },
  };
}

/** happy-dom's own settings of the DOM the tests render into. */
interface DomWithSettings {
  happyDOM: { settings: { fetch: { interceptor: IFetchInterceptor | null } } };
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  givePagesTheLocalModeConfig();
  i18n = await initDomI18n('en', ['marketing', 'account', 'auth']);
});

async function renderAt(page: ComponentType, address: string, language: 'en' | 'fr' = 'en') {
  cleanup();
  await changeDomLanguage(i18n, language, ['marketing', 'account', 'auth']);
  const Page = page;
  render(
    <MemoryRouter initialEntries={[address]}>
      <Page />
    </MemoryRouter>,
  );
}

/** The address each link named `name` leads to. */
const hrefsOf = (name: string): Array<string | null> =>
  screen.queryAllByRole('link', { name }).map((link) => link.getAttribute('href'));

describe('the landing page', () => {
  it('opens the sign-up form from "Create your free account", not the sign-in', async () => {
    await renderAt(IndexPage, '/');
    expect(hrefsOf('Create your free account')).toEqual(['/login?mode=sign-up']);
    expect(hrefsOf('Start with the Free plan')).toEqual(['/login?mode=sign-up']);
  });

  it('sends a paid plan’s visitor to the sign-up too, then to the checkout', () => {
    const path = signUpThenCheckoutPath('pro', 'month');
    const query = new URL(path, 'https://vitrine.example').searchParams;
    expect(path.startsWith('/login?')).toBe(true);
    expect(query.get('mode')).toBe('sign-up');
    expect(query.get('redirect')).toBe('/subscription?start=pro-month');
  });
});

describe('the sign-in page', () => {
  // The sign-up form loads Firebase's SDK and reads the password policy: both end in the test that
  // started them, not in whichever file this worker runs next.
  afterEach(async () => {
    const { auth, sdk } = await firebaseAuth();
    await sdk.validatePassword(auth, '');
  });

  const pressed = () =>
    screen.queryAllByRole('button', { pressed: true }).map((button) => button.textContent);

  /** The page's word of success, announced politely. */
  const notices = () =>
    screen
      .queryAllByRole('status')
      .filter((status) => status.className === 'form-success')
      .map((status) => status.textContent);

  it('opens on the sign-in, or on the sign-up when the address asks for it', async () => {
    await renderAt(LoginPage, '/login');
    expect(pressed()).toEqual(['Sign in']);
    await renderAt(LoginPage, '/login?mode=sign-up');
    expect(pressed()).toEqual(['Create an account']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
  });

  it('turns to the sign-up when the visitor asks for it', async () => {
    await renderAt(LoginPage, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(pressed()).toEqual(['Create an account']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
  });

  it('says the account was deleted when it arrives from the deletion, in its language', async () => {
    const deletedAt = loginUrlInLanguage('fr', 'account-deleted');
    expect(deletedAt).toBe('/login?notice=account-deleted&lang=fr');
    await renderAt(LoginPage, deletedAt, 'fr');
    expect(notices()).toEqual(['Votre compte a été supprimé.']);
    await renderAt(LoginPage, loginUrlInLanguage('en', 'account-deleted'));
    expect(notices()).toEqual(['Your account has been deleted.']);
    // A plain visit, or a notice the page does not know, says nothing of the kind.
    await renderAt(LoginPage, '/login?lang=en');
    expect(notices()).toEqual([]);
    expect(document.body.textContent).not.toContain('deleted');
    expect(loginNoticeOf(new URLSearchParams('notice=<b>hi</b>'))).toBeUndefined();
  });

  it('is reached at plain /login when nothing is asked', () => {
    expect(loginAddress()).toBe('/login');
    expect(loginUrlInLanguage(undefined)).toBe('/login');
    expect(loginUrlInLanguage('fr')).toBe('/login?lang=fr');
  });
});
