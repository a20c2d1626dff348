import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpThenCheckoutPath } from '#client/features/marketing/checkout-path.ts';
import { loginUrlInLanguage } from '#client/lib/login-url.ts';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import { loginAddress, loginNoticeOf } from '#shared/login-address.ts';

/**
 * Where the ways into /login lead, and what the page opens on: the landing page's "Create your
 * free account" on the sign-up form, a deleted account's arrival with a word about it.
 */

// React components, which the Node typecheck of the tests does not compile: loaded by their path.
const indexPagePath = '../../client/features/marketing/pages/index-page.tsx';
const loginPagePath = '../../client/features/account/pages/login-page.tsx';
const IndexPage = ((await import(indexPagePath)) as { default: ComponentType }).default;
const LoginPage = ((await import(loginPagePath)) as { default: ComponentType }).default;

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
  await loadNamespaces(['marketing', 'account', 'auth']);
});

async function render(page: ComponentType, address: string, language: 'en' | 'fr' = 'en') {
  await i18n.changeLanguage(language);
  await loadNamespaces(['marketing', 'account', 'auth']);
  return renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [address] }, createElement(page)),
  );
}

/** The address each link of the markup named `text` leads to. */
function hrefsOf(markup: string, text: string): string[] {
  return [...markup.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .filter((match) => match[2] === text)
    .map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

describe('the landing page', () => {
  it('opens the sign-up form from "Create your free account", not the sign-in', async () => {
    const markup = await render(IndexPage, '/');
    expect(hrefsOf(markup, 'Create your free account')).toEqual(['/login?mode=sign-up']);
    expect(hrefsOf(markup, 'Start with the Free plan')).toEqual(['/login?mode=sign-up']);
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
  const pressed = (markup: string) =>
    [...markup.matchAll(/<button [^>]*aria-pressed="true"[^>]*>([^<]*)<\/button>/g)].map(
      (match) => match[1],
    );

  it('opens on the sign-in, or on the sign-up when the address asks for it', async () => {
    expect(pressed(await render(LoginPage, '/login'))).toEqual(['Sign in']);
    const signUp = await render(LoginPage, '/login?mode=sign-up');
    expect(pressed(signUp)).toEqual(['Create an account']);
    expect(signUp).toContain('<h1>Create your account</h1>');
  });

  it('says the account was deleted when it arrives from the deletion, in its language', async () => {
    const deletedAt = loginUrlInLanguage('fr', 'account-deleted');
    expect(deletedAt).toBe('/login?notice=account-deleted&lang=fr');
    expect(await render(LoginPage, deletedAt, 'fr')).toContain(
      '<p class="form-success" role="status">Votre compte a été supprimé.</p>',
    );
    expect(await render(LoginPage, loginUrlInLanguage('en', 'account-deleted'))).toContain(
      '<p class="form-success" role="status">Your account has been deleted.</p>',
    );
    // A plain visit, or a notice the page does not know, says nothing of the kind.
    expect(await render(LoginPage, '/login?lang=en')).not.toContain('deleted');
    expect(loginNoticeOf(new URLSearchParams('notice=<b>hi</b>'))).toBeUndefined();
  });

  it('is reached at plain /login when nothing is asked', () => {
    expect(loginAddress()).toBe('/login');
    expect(loginUrlInLanguage(undefined)).toBe('/login');
    expect(loginUrlInLanguage('fr')).toBe('/login?lang=fr');
  });
});
