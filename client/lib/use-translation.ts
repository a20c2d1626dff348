import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
// eslint-disable-next-line no-restricted-imports -- only its type: the contract this hook keeps.
import type { useTranslation as ReactI18nextUseTranslation } from 'react-i18next';
import type { Namespace } from './i18n.ts';

/**
 * The translation hook of every component: react-i18next's useTranslation contract (the same
 * typed `t`, checked against the English resources by i18next.d.ts, and `i18n`), made of what this
 * app needs and no more. react-i18next's own hook handles cases that never occur here (namespaces
 * still loading, Suspense, several i18next instances, key prefixes), and it weighs about 2 KB gzip
 * in the first load, which every page pays (npm run bench:client): here the routes load a screen's
 * namespaces before it renders (client/app/router.tsx), and a component re-renders when the
 * language has changed, which i18next announces once the new language's texts are there.
 */

function subscribeToLanguage(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const currentLanguage = (): string => i18next.language;

function useAppTranslation(namespaces?: Namespace | readonly Namespace[]) {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
  // The first namespace is the one keys without `ns` read, as in react-i18next.
  const namespace = typeof namespaces === 'string' ? namespaces : namespaces?.[0];
  const t = useMemo(() => i18next.getFixedT(language, namespace ?? null), [language, namespace]);
  return Object.assign([t, i18next, true] as const, { t, i18n: i18next, ready: true });
}

export const useTranslation = useAppTranslation as unknown as typeof ReactI18nextUseTranslation;
