import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { defaultLanguage } from '../../shared/constants.ts';
import { isSupportedLanguage } from '../lib/detect-language.ts';
import { readRuntimeConfig } from '../lib/runtime-config.ts';
import { headTags, headTagSelector, managedHeadSelectors, type HeadTag } from '../lib/head-tags.ts';

/**
 * Every page names itself through <DocumentHead>: the tab title `<title> · Vitrine` and, for pages
 * meant to be found, the description, canonical, hreflang and Open Graph tags of head-tags.ts. The
 * tags the prerender wrote are updated in place, never duplicated, and those of the previous page
 * that this one does not have are removed. Renders nothing.
 */

/** Brings the head of `target` to exactly `tags`. */
export function applyHeadTags(target: Document, tags: readonly HeadTag[]): void {
  const keep = new Set<Element>();
  for (const tag of tags) {
    if (tag.kind === 'title') {
      target.title = tag.text;
      continue;
    }
    const selector = headTagSelector(tag);
    let element = target.head.querySelector(selector);
    if (element === null) {
      element = target.createElement(tag.kind);
      target.head.append(element);
    }
    if (tag.kind === 'meta') {
      element.setAttribute(tag.attribute, tag.key);
      element.setAttribute('content', tag.content);
    } else {
      element.setAttribute('rel', tag.rel);
      if (tag.hreflang !== undefined) element.setAttribute('hreflang', tag.hreflang);
      element.setAttribute('href', tag.href);
    }
    keep.add(element);
  }
  for (const element of target.head.querySelectorAll(managedHeadSelectors.join(','))) {
    if (!keep.has(element)) element.remove();
  }
}

export function DocumentHead({ title, description }: { title: string; description?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const fullTitle = `${title} · ${t('app.name')}`;
  const language = isSupportedLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : defaultLanguage;

  useEffect(() => {
    applyHeadTags(
      document,
      headTags({
        title: fullTitle,
        description,
        path: pathname,
        language,
        publicUrl: readRuntimeConfig().publicUrl,
      }),
    );
  }, [fullTitle, description, pathname, language]);

  return null;
}
