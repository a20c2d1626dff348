/**
 * A store's address as owners paste it, turned into its `*.myshopify.com` domain, or null when it
 * cannot be one. Accepted: `maison`, `maison.myshopify.com`, `https://maison.myshopify.com/admin`,
 * `admin.shopify.com/store/maison`, in any case, with or without scheme, path or trailing slash. The
 * name follows Shopify's own rule (letters, digits and hyphens, starting with a letter or digit); a
 * custom domain (`maison.com`) is refused, since the connection needs the myshopify name.
 */

const storeName = /^[a-z0-9][a-z0-9-]{0,59}$/;
const myshopifySuffix = '.myshopify.com';

export function shopDomainFrom(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (text === '') return null;
  text = text.replace(/^https?:\/\//, '');
  const adminStore = /^admin\.shopify\.com\/store\/([^/?#]+)/.exec(text);
  if (adminStore !== null) return nameToDomain(adminStore[1]!);
  const host = text.split(/[/?#]/, 1)[0]!;
  if (host.endsWith(myshopifySuffix)) return nameToDomain(host.slice(0, -myshopifySuffix.length));
  // A bare name only: anything with a dot or a path is another site's address.
  if (host !== text.replace(/\/+$/, '') || host.includes('.')) return null;
  return nameToDomain(host);
}

function nameToDomain(name: string): string | null {
  return storeName.test(name) ? `${name}${myshopifySuffix}` : null;
}

/** Whether a value is already a store's canonical domain, as the server requires it. */
export function isShopDomain(value: string): boolean {
  return shopDomainFrom(value) === value;
}
