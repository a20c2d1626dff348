import type { PageLanguageView } from '../check.ts';

/**
 * Pages that state the store's legal and policy texts: a legal notice, terms, privacy, refund,
 * returns and shipping policies, in English or French. Their length is set by what the law or the
 * policy says, not by what would help a shopper choose, so the audit offers them no room to say more
 * (C01). Shopify keeps its own policies (Settings › Policies) apart from pages, at /policies/…, and
 * the audit does not read them; owners also write these texts as ordinary pages, recognised here by
 * their handle or their title in the audited language.
 */
const legalWords = new RegExp(
  `\\b(?:${[
    // English
    'legal notices?',
    'legal',
    'imprint',
    'disclaimer',
    'terms',
    'terms (?:of|and) (?:service|use|sale)',
    'conditions of (?:sale|use)',
    'privacy',
    'cookies?(?: policy)?',
    'gdpr',
    'refunds?',
    'returns?',
    'shipping',
    'delivery',
    // French
    'mentions legales',
    'cgv',
    'cgu',
    'conditions generales',
    'confidentialite',
    'donnees personnelles',
    'rgpd',
    'remboursements?',
    'retours?',
    'livraisons?',
    'expeditions?',
  ].join('|')})\\b`,
  'u',
);

/** Lowercase letters and digits without accents, words separated by one space. */
function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** True for a page (not a product, collection or article) whose handle or title names a legal or policy text. */
export function isLegalOrPolicyPage(view: PageLanguageView): boolean {
  if (view.kind !== 'page') return false;
  return legalWords.test(plainWords(view.handle)) || legalWords.test(plainWords(view.title));
}
