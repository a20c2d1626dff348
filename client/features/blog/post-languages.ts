import { supportedLanguages, type Language } from '#shared/constants.ts';
import type { Shop } from '#shared/schemas/shops.ts';

/**
 * The language a store's posts are written first in: its primary locale's (`fr-CA` is French).
 * A store whose primary language is neither English nor French writes its posts in English first.
 */
export function primaryLanguageOf(shop: Shop): Language {
  const primary = shop.locales.find((locale) => locale.primary)?.locale.slice(0, 2);
  return supportedLanguages.find((language) => language === primary) ?? 'en';
}
