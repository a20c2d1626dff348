import type { AuditLanguage, StoreLink } from '../check.ts';
import { rememberingLast } from '../text/last-answers.ts';

/**
 * Reads a body link's address as Shopify's storefront would, to tell which page of the store it
 * names: `/products/<handle>`, `/collections/<handle>`, `/collections/<c>/products/<handle>` (the
 * product), `/pages/<handle>`, `/blogs/<blog>` and `/blogs/<blog>/<article>`, each with or without
 * a language folder (`/fr/`, `/fr-ca/`). The query string and the fragment are left out; handles
 * are percent-decoded and lowercased, as Shopify stores them.
 *
 * Only addresses whose page can be told missing for certain are read: a relative address that does
 * not start with `/` depends on the page it is on; `/collections/all`, `/collections/vendors` and
 * `/collections/types` are Shopify's own lists, which always answer; a collection filtered by a tag
 * (`/collections/<c>/<tag>`), a blog's tag (`/blogs/<b>/tagged/<t>`), the search, the cart, the
 * account, the policies and a format (`.json`, `.atom`) are not pages of the copy. A folder of a
 * language the audit does not measure is left out too.
 */

const pageBase = 'https://storefront.invalid/';
const pageOrigin = new URL(pageBase).origin;

/**
 * A body link's address, read as a browser reads it on one of the store's pages; null when it
 * cannot be read. The link checks each read every link of a body, in every language the body is
 * shown in: the last addresses read are remembered (the answer is only read, never changed).
 */
export const parsedAddress: (href: string) => URL | null = rememberingLast((href) => {
  try {
    return new URL(href.trim(), pageBase);
  } catch {
    return null;
  }
}, 16);

/** Shopify's lists of a store's products, which every store answers whatever its collections. */
const builtInCollections = new Set(['all', 'vendors', 'types']);

const languageFolder = /^([a-z]{2})(?:-[a-z]{2})?$/i;

function decodedHandle(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  // A handle is never empty, and has no dot (`.json`, `.atom`) nor slash.
  if (decoded.trim() === '' || /[./]/.test(decoded)) return null;
  return decoded.toLowerCase();
}

/** The page a storefront path names (after its language folder), or null when not one of the copy. */
function pageOfPath(segments: readonly string[]): Pick<StoreLink, 'kind' | 'handle'> | null {
  const [section, first, second, third, ...rest] = segments;
  if (rest.length > 0 || first === undefined) return null;
  const handle = decodedHandle(first);
  if (handle === null) return null;
  switch (section) {
    case 'products':
      return second === undefined ? { kind: 'product', handle } : null;
    case 'collections': {
      if (second === undefined) {
        return builtInCollections.has(handle) ? null : { kind: 'collection', handle };
      }
      if (second !== 'products' || third === undefined) return null;
      const product = decodedHandle(third);
      return product === null ? null : { kind: 'product', handle: product };
    }
    case 'pages':
      return second === undefined ? { kind: 'page', handle } : null;
    case 'blogs': {
      if (second === undefined) return { kind: 'blog', handle };
      if (third !== undefined || second === 'tagged') return null;
      const article = decodedHandle(second);
      return article === null ? null : { kind: 'article', handle: `${handle}/${article}` };
    }
    default:
      return null;
  }
}

/**
 * A path on the page's own host that a browser reads as written: no dot segment, no character it
 * would encode or drop. Most body links are such paths, and are read without parsing a URL.
 */
const plainPath = /^(\/(?!\/)[\w\-~%/]*)(?:[?#]|$)/;

/** The address's path and host ('' for the page's own); null when it is not a web address. */
function addressParts(address: string): { path: string; host: string } | null {
  const plain = plainPath.exec(address);
  if (plain !== null) return { path: plain[1]!, host: '' };
  const url = parsedAddress(address);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  return { path: url.pathname, host: url.origin === pageOrigin ? '' : url.hostname.toLowerCase() };
}

/**
 * The page of the store a link's address names, or null when it names none the audit can look up
 * (see above). `primaryLanguage`'s own folder (`/en/` on an English store) reads as no folder.
 */
export function storeLinkOf(href: string, primaryLanguage: AuditLanguage): StoreLink | null {
  const trimmed = href.trim();
  const absolute = /^https?:\/\//i.test(trimmed) || trimmed.startsWith('//');
  if (!absolute && !trimmed.startsWith('/')) return null;
  const address = addressParts(trimmed);
  if (address === null) return null;
  const segments = address.path.split('/').slice(1);
  // One trailing slash is the same address; an empty segment elsewhere is not a page's.
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.includes('')) return null;
  let language: StoreLink['language'] = '';
  const folder = languageFolder.exec(segments[0] ?? '');
  if (folder !== null) {
    const subtag = folder[1]!.toLowerCase();
    if (subtag !== 'en' && subtag !== 'fr') return null;
    language = subtag === primaryLanguage ? '' : subtag;
    segments.shift();
  }
  const page = pageOfPath(segments);
  if (page === null) return null;
  return { ...page, language, host: address.host };
}
