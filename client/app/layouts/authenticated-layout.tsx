import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppLink, AppNavLink } from '#client/components/app-link.tsx';
import { LanguageSwitcher } from '#client/components/language-switcher.tsx';
import { LiveUpdates } from '#client/components/live-updates.tsx';
import { Logo } from '#client/components/logo.tsx';
import { ThemeSwitcher } from '#client/components/theme-switcher.tsx';
import { UserMenu } from '#client/components/user-menu.tsx';
import { PaymentWarningBanner } from '#client/features/subscription/components/payment-warning-banner.tsx';
import { useAuthState } from '#client/lib/auth-session.ts';
import { loginUrlInLanguage } from '#client/lib/login-url.ts';
import { sessionSince } from '#client/lib/session-since.ts';
import { usePageRestored } from '#client/lib/use-page-restored.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { queryClient } from '../query-client.ts';
import { SkipLink } from './skip-link.tsx';
import './layouts.css';

/**
 * The signed-in frame: a header with the user menu, the navigation between the areas (a sidebar on
 * wide screens, a menu behind a button under 48rem) with the language and theme, and the screen.
 * /blog is open to visitors who are not signed in: they see the same frame with a way to sign in
 * instead of the user menu, and the areas' links take them to sign in first. A signed-in owner
 * whose last payment failed sees a warning above the screen. The screens read and
 * change the server's state through TanStack Query (../query-client.ts), provided here.
 */

const navigation = [
  { to: '/dashboard', label: 'dashboard' },
  { to: '/shops', label: 'shops' },
  { to: '/seo', label: 'seo' },
  { to: '/seo/pages', label: 'seoPages' },
  { to: '/blog', label: 'blog' },
  { to: '/subscription', label: 'subscription' },
  { to: '/settings', label: 'settings' },
  { to: '/contact', label: 'contact' },
] as const;

export default function AuthenticatedLayout() {
  const { t, i18n } = useTranslation();
  const auth = useAuthState();
  const { pathname, search } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const navId = 'app-navigation';
  // Back after signing out can show this frame again from the browser's back/forward cache, as it
  // was when signed in: the session is asked again. An ended one leads to the sign-in page in the
  // page's language; another person's, signed in since on this browser, loads the page afresh.
  usePageRestored(() => {
    if (auth.status !== 'signed-in') return;
    void sessionSince((url, init) => fetch(url, init), auth.user.uid).then((since) => {
      if (since === 'signed-out')
        window.location.replace(loginUrlInLanguage(i18n.resolvedLanguage));
      if (since === 'other-user') window.location.reload();
    });
  });

  return (
    <div className="shell shell-app" data-layout="authenticated">
      <SkipLink />
      <header className="app-header">
        <AppLink
          to={auth.status === 'signed-in' ? '/dashboard' : '/'}
          className="logo-link"
          aria-label={t('app.homeLink')}
        >
          <Logo />
        </AppLink>
        <div className="app-header-end">
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span>{menuOpen ? t('navigation.closeMenu') : t('navigation.openMenu')}</span>
          </button>
          {auth.status === 'signed-in' ? (
            <UserMenu user={auth.user} />
          ) : (
            <AppLink
              className="button"
              to={`/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`}
            >
              {t('navigation.signIn')}
            </AppLink>
          )}
        </div>
      </header>
      <div className="app-body">
        <nav id={navId} className="app-nav" data-open={menuOpen} aria-label={t('navigation.main')}>
          <ul className="app-nav-list">
            {navigation.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} end className="app-nav-link">
                  {t(`navigation.links.${item.label}`)}
                </AppNavLink>
              </li>
            ))}
          </ul>
          <div className="app-nav-preferences">
            <LanguageSwitcher showLabel />
            <ThemeSwitcher showLabel />
          </div>
        </nav>
        <main id="main" className="app-main" tabIndex={-1}>
          <QueryClientProvider client={queryClient}>
            {auth.status === 'signed-in' && (
              // Mounted once for the frame, so that it reads the overview once per page load; the
              // subscription screen says the same in its own words, with the way to pay.
              <PaymentWarningBanner uid={auth.user.uid} shown={pathname !== '/subscription'} />
            )}
            {auth.status === 'signed-in' && (
              // One live channel per tab while signed in: open screens follow the server's events.
              <LiveUpdates uid={auth.user.uid} />
            )}
            <Outlet />
          </QueryClientProvider>
        </main>
      </div>
    </div>
  );
}
