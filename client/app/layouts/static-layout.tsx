import { Outlet } from 'react-router';
import { AppLink } from '#client/components/app-link.tsx';
import { LanguageSwitcher } from '#client/components/language-switcher.tsx';
import { Logo } from '#client/components/logo.tsx';
import { ThemeSwitcher } from '#client/components/theme-switcher.tsx';
import { useAuthState } from '#client/lib/auth-session.ts';
import { openConsentBanner } from '#client/lib/consent.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { SkipLink } from './skip-link.tsx';
import './layouts.css';

/**
 * The public pages' frame: a header (logo, Pricing, Sign in) and a footer (legal pages, cookie
 * settings, language and theme). The page itself lays out its own sections at full width.
 */
export default function StaticLayout() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const signedIn = auth.status === 'signed-in';

  return (
    <div className="shell shell-static" data-layout="static">
      <SkipLink />
      <header className="site-header">
        <div className="site-header-inner">
          <AppLink to="/" className="logo-link" aria-label={t('app.homeLink')}>
            <Logo />
          </AppLink>
          <nav className="site-nav" aria-label={t('navigation.main')}>
            <AppLink to="/pricing" className="site-nav-link">
              {t('navigation.pricing')}
            </AppLink>
            {signedIn ? (
              <AppLink to="/dashboard" className="button">
                {t('navigation.links.dashboard')}
              </AppLink>
            ) : (
              <AppLink to="/login" className="button">
                {t('navigation.signIn')}
              </AppLink>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer-inner">
          <nav className="site-footer-nav" aria-label={t('navigation.footer')}>
            <ul>
              <li>
                <AppLink to="/legal">{t('navigation.legal')}</AppLink>
              </li>
              <li>
                <AppLink to="/privacy-policy">{t('navigation.privacyPolicy')}</AppLink>
              </li>
              <li>
                <AppLink to="/privacy">{t('navigation.privacy')}</AppLink>
              </li>
              <li>
                <button type="button" className="link-button" onClick={openConsentBanner}>
                  {t('consent.settings')}
                </button>
              </li>
            </ul>
          </nav>
          <div className="site-footer-preferences">
            <LanguageSwitcher showLabel />
            <ThemeSwitcher showLabel />
          </div>
          <p className="site-footer-name">© Vitrine</p>
        </div>
      </footer>
    </div>
  );
}
