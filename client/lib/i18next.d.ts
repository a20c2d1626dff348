import 'i18next';
import type account from '../locales/en/account.json';
import type auth from '../locales/en/auth.json';
import type blog from '../locales/en/blog.json';
import type common from '../locales/en/common.json';
import type contact from '../locales/en/contact.json';
import type dashboard from '../locales/en/dashboard.json';
import type marketing from '../locales/en/marketing.json';
import type seo from '../locales/en/seo.json';
import type seoChecks from '../locales/en/seo-checks.json';
import type settings from '../locales/en/settings.json';
import type shops from '../locales/en/shops.json';
import type subscription from '../locales/en/subscription.json';

/** Keys are checked at compile time against the English resources, the reference language. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      marketing: typeof marketing;
      account: typeof account;
      auth: typeof auth;
      dashboard: typeof dashboard;
      shops: typeof shops;
      seo: typeof seo;
      'seo-checks': typeof seoChecks;
      blog: typeof blog;
      subscription: typeof subscription;
      settings: typeof settings;
      contact: typeof contact;
    };
  }
}
