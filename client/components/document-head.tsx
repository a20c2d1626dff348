import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { defaultLanguage } from '#shared/constants.ts';
import { isSupportedLanguage } from '#client/lib/detect-language.ts';
import { readRuntimeConfig } from '#client/lib/runtime-config.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * Every page names itself through <DocumentHead>: the tab title `<title> · Vitrine` and, for pages
 * meant to be found, the description, canonical, hreflang and Open Graph tags of head-tags.ts. The
 * tags the prerender wrote are updated in place, never duplicated, and those of the previous page
 * that this one does not have are removed. Renders nothing.
 *
 * The code that writes the tags is fetched when a page first names itself, not with the first
 * load: a prerendered page arrives with its head written already.
 */

export function DocumentHead({ title, description }: { title: string; description?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const fullTitle = `${title} · ${t('app.name')}`;
  const language = isSupportedLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : defaultLanguage;

  useEffect(() => {
    let current = true;
    void import('#client/lib/head-tags.ts').then(
      (loaded: typeof import('#client/lib/head-tags.ts') | undefined) => {
        // A page left meanwhile names itself no more; undefined: a reload is recovering the chunk.
        if (!current || loaded === undefined) return;
        loaded.applyHeadTags(
          document,
          loaded.headTags({
            title: fullTitle,
            description,
            path: pathname,
            language,
            publicUrl: readRuntimeConfig().publicUrl,
          }),
        );
      },
      // A chunk that failed to load: chunk-load recovery has it in hand; the old title stays.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [fullTitle, description, pathname, language]);

  return null;
}
