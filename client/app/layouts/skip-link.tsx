import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * The first thing a keyboard reaches: a jump past the header and navigation to the page's content.
 * Focus moves to `<main>` without touching the URL (a `#main` entry would pile up in the history).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (main === null) return;
        event.preventDefault();
        main.focus();
      }}
    >
      {t('navigation.skipToContent')}
    </a>
  );
}
