import type { PageLanguageView } from '../check.ts';

/**
 * Pages that state the store's legal and policy texts: a legal notice, terms, privacy, refund,
 * returns and shipping policies, in English or French. Their length is set by what the law or the
 * policy says, not by what would help a shopper choose, so the audit offers them no room to say more
 * (C01). Shopify keeps its own policies (Settings › Policies) apart from pages, at /policies/…, and
 * the audit does not read them; owners also write these texts as ordinary pages, recognised here by
 * their handle or their title in the audited language. The whole handle or title must name such a
 * text ("Shipping & returns", "Politique de confidentialité"): a page that only mentions one of the
 * words ("Free shipping on linen", "Our cookies", "Glossary of terms") is an ordinary page.
 */
const policyTopics = [
  // English
  'privacy',
  'cookies?',
  'refunds?',
  'returns?',
  'shipping',
  'delivery',
  // French
  'confidentialite',
  'remboursements?',
  'retours?',
  'livraisons?',
  'expeditions?',
].join('|');

/** One or more topics ("shipping returns", "livraison et retours"), named a policy or not. */
const policyPage =
  `(?:politique (?:de|d|des) )?` +
  `(?:${policyTopics})(?: (?:and|et|de|des|amp) )?(?: ?(?:${policyTopics}))*` +
  `(?: (?:polic(?:y|ies)|information|info|politique))?`;

const legalPageNames = [
  // English
  'legal notices?',
  'legal(?: information)?',
  'imprint',
  'disclaimer',
  'gdpr',
  'terms',
  'terms (?:of|and) (?:service|use|sale|conditions)',
  'terms of (?:service|use|sale) and (?:privacy|conditions)',
  'conditions of (?:sale|use)',
  // French
  'mentions legales',
  'cgv',
  'cgu',
  'cgv cgu',
  'conditions generales(?: de (?:vente|utilisation))?',
  'donnees personnelles',
  'protection des donnees(?: personnelles)?',
  'politique de protection des donnees(?: personnelles)?',
  'rgpd',
  policyPage,
];

const legalPageName = new RegExp(`^(?:${legalPageNames.join('|')})$`, 'u');

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
  return legalPageName.test(plainWords(view.handle)) || legalPageName.test(plainWords(view.title));
}
