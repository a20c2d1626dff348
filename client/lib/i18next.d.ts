import 'i18next';
import type common from '../locales/en/common.json';

/** Keys are checked at compile time against the English resources, the reference language. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common };
  }
}
