import 'i18next';
import type app from '../locales/en/app.json';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type marketing from '../locales/en/marketing.json';

/** Keys are checked at compile time against the English resources, the reference language. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      app: typeof app;
      marketing: typeof marketing;
      auth: typeof auth;
    };
  }
}
