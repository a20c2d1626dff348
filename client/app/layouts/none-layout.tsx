import { Outlet } from 'react-router';
import { AppLink } from '#client/components/app-link.tsx';
import { LanguageSwitcher } from '#client/components/language-switcher.tsx';
import { Logo } from '#client/components/logo.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { SkipLink } from './skip-link.tsx';
import './layouts.css';

/**
 * The frame of the account flows (sign-in, e-mail verification, the store connection) and of the
 * not-found page: the logo, the language, and the content centred, nothing to wander off to.
 */
export default function NoneLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell shell-none" data-layout="none">
      <SkipLink />
      <header className="plain-header">
        <AppLink to="/" className="logo-link" aria-label={t('app.homeLink')}>
          <Logo />
        </AppLink>
        <LanguageSwitcher />
      </header>
      <main id="main" className="plain-main" tabIndex={-1}>
        <div className="plain-card card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
