import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type ResourceLanguage, type TFunction } from 'i18next';
import { namespaces } from '#client/lib/i18n.ts';
import type { Language } from '#shared/constants.ts';

/**
 * The client's texts as a screen gets them: an i18next of its own over the real locale files
 * (client/locales/<language>/<namespace>.json), with the client's options (no fallback language,
 * no escaping), so that a test reads exactly the words an owner would.
 */

const localesDir = fileURLToPath(new URL('../../client/locales/', import.meta.url));

function resourcesOf(language: Language): ResourceLanguage {
  return Object.fromEntries(
    namespaces.map((namespace) => [
      namespace,
      JSON.parse(
        fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
      ) as ResourceLanguage,
    ]),
  );
}

/** `t` of `namespace` in `language`, over the real locale files. */
export async function localeTexts(language: Language, namespace: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: [...namespaces],
    defaultNS: namespace,
    resources: { [language]: resourcesOf(language) },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, namespace);
}
