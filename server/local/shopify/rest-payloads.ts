import { gid, type Collection, type Product, type ShopDetails } from './catalog-model.ts';
import type { SeededStore } from './seeded-store.ts';

/**
 * Webhook bodies: Shopify sends the REST representation of the resource (snake_case, numeric ids,
 * `admin_graphql_api_id`, tags as one comma-separated string), whatever API the app otherwise uses.
 */

export function productPayload(store: SeededStore, product: Product) {
  const images = product.media.map((media, position) => ({
    id: media.id,
    alt: media.alt || null,
    position: position + 1,
    product_id: product.id,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
    admin_graphql_api_id: `gid://shopify/ProductImage/${media.id}`,
    width: media.width,
    height: media.height,
    src: media.url,
    variant_ids: [],
  }));
  return {
    admin_graphql_api_id: gid('Product', product.id),
    body_html: product.descriptionHtml,
    created_at: product.createdAt,
    handle: product.handle,
    id: product.id,
    product_type: product.productType,
    published_at: product.publishedAt,
    template_suffix: null,
    title: product.title,
    updated_at: product.updatedAt,
    vendor: product.vendor,
    status: product.status.toLowerCase(),
    published_scope: 'global',
    tags: product.tags.join(', '),
    variants: [],
    options: [],
    images,
    image: images[0] ?? null,
    media: product.media.map((media, position) => ({
      id: media.id,
      product_id: product.id,
      position: position + 1,
      created_at: product.createdAt,
      updated_at: product.updatedAt,
      alt: media.alt || null,
      status: 'READY',
      media_content_type: 'IMAGE',
      preview_image: { width: media.width, height: media.height, src: media.url, status: 'READY' },
      variant_ids: [],
      admin_graphql_api_id: gid('MediaImage', media.id),
    })),
    variant_gids: [],
    has_variants_that_requires_components: false,
    category: null,
    online_store_url:
      product.status === 'ACTIVE' ? store.storefrontUrl(`/products/${product.handle}`) : null,
  };
}

export function productDeletePayload(productId: number) {
  return { id: productId };
}

export function collectionPayload(collection: Collection) {
  return {
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    updated_at: collection.updatedAt,
    body_html: collection.descriptionHtml,
    published_at: collection.updatedAt,
    sort_order: 'best-selling',
    template_suffix: null,
    published_scope: 'web',
    admin_graphql_api_id: gid('Collection', collection.id),
    image:
      collection.image === null
        ? null
        : {
            alt: collection.image.altText,
            src: collection.image.url,
            width: collection.image.width,
            height: collection.image.height,
          },
  };
}

/** The REST Shop object: the body of shop/update and app/uninstalled. */
export function shopPayload(shop: ShopDetails) {
  const primary = shop.locales.find((locale) => locale.primary)!;
  return {
    id: shop.id,
    name: shop.name,
    email: shop.contactEmail,
    domain: shop.primaryDomainHost,
    province: 'Nord',
    country: 'FR',
    address1: '12 rue de l’Exemple',
    zip: '59000',
    city: 'Lille',
    source: null,
    phone: '',
    latitude: 50.6292,
    longitude: 3.0573,
    primary_locale: primary.locale,
    address2: null,
    created_at: '2024-01-08T10:00:00+01:00',
    updated_at: new Date().toISOString(),
    country_code: 'FR',
    country_name: 'France',
    currency: shop.currencyCode,
    customer_email: shop.contactEmail,
    timezone: '(GMT+01:00) Europe/Paris',
    iana_timezone: shop.ianaTimezone,
    shop_owner: 'Camille Martin',
    money_format: '{{amount_with_comma_separator}} €',
    money_with_currency_format: '{{amount_with_comma_separator}} € EUR',
    weight_unit: 'kg',
    province_code: null,
    taxes_included: true,
    auto_configure_tax_inclusivity: null,
    tax_shipping: null,
    county_taxes: true,
    plan_display_name: 'Basic',
    plan_name: 'basic',
    has_discounts: false,
    has_gift_cards: false,
    myshopify_domain: shop.myshopifyDomain,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: '{{amount_with_comma_separator}} €',
    money_with_currency_in_emails_format: '{{amount_with_comma_separator}} € EUR',
    eligible_for_payments: true,
    requires_extra_payments_agreement: false,
    password_enabled: false,
    has_storefront: true,
    finances: true,
    primary_location_id: shop.id + 1,
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: [shop.currencyCode],
    marketing_sms_consent_enabled_at_checkout: false,
    transactional_sms_disabled: false,
  };
}

export function localePayload(locale: { locale: string; published: boolean }) {
  return { locale: locale.locale, published: locale.published };
}
