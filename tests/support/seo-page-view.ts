import type {
  DuplicateCheck,
  FindingEvidence,
  PageCheck,
  PageLanguageView,
} from '../../shared/seo/check.ts';
import { checkById } from '../../shared/seo/catalogue.ts';

/**
 * A product page in one language as the audit reads it, a plain one that passes the title,
 * description, heading and handle checks; a test overrides what it is about.
 */
export function pageView(overrides: Partial<PageLanguageView> = {}): PageLanguageView {
  return {
    kind: 'product',
    id: 'gid://shopify/Product/1',
    language: 'en',
    primaryLanguage: 'en',
    shopName: 'Maison Lumen',
    handle: 'linen-throw',
    title: 'Linen throw',
    seoTitle: null,
    seoDescription: null,
    bodyHtml: '<p>A washed linen throw, woven in Normandy.</p>',
    images: [],
    translations: [],
    ...overrides,
  };
}

/** The page check of that id, as the audit finds it in the catalogue. */
export function pageCheck(id: string): PageCheck {
  const check = checkById(id);
  if (check?.type !== 'page') throw new Error(`${id} is not a page check of the catalogue`);
  return check;
}

/** The duplicate check of that id, as the audit finds it in the catalogue. */
export function duplicateCheck(id: string): DuplicateCheck {
  const check = checkById(id);
  if (check?.type !== 'duplicate')
    throw new Error(`${id} is not a duplicate check of the catalogue`);
  return check;
}

/** What the check of that id finds on one page. */
export function findings(id: string, view: PageLanguageView): FindingEvidence[] {
  return pageCheck(id).run(view);
}
