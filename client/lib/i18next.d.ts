import 'i18next';
import type account from '#client/locales/en/account.json';
import type auth from '#client/locales/en/auth.json';
import type blog from '#client/locales/en/blog.json';
import type common from '#client/locales/en/common.json';
import type contact from '#client/locales/en/contact.json';
import type dashboard from '#client/locales/en/dashboard.json';
import type marketing from '#client/locales/en/marketing.json';
import type seo from '#client/locales/en/seo.json';
import type seoChecks from '#client/locales/en/seo-checks.json';
import type settings from '#client/locales/en/settings.json';
import type shops from '#client/locales/en/shops.json';
import type subscription from '#client/locales/en/subscription.json';
import type weeklySummary from '#client/locales/en/weekly-summary.json';

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
      'weekly-summary': typeof weeklySummary;
    };
  }
}
