/** Every number the product is built around, named once (docs/product.md, "The numbers"). */

const second = 1000;
const minute = 60 * second;
const day = 24 * 60 * minute;

export const supportedLanguages = ['en', 'fr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';

export const supportedThemes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof supportedThemes)[number];
export const defaultTheme: Theme = 'system';

export const preferenceCookieMaxAgeDays = 365;
export const localeCookieName = 'i18n_redirected';
export const themeCookieName = 'vitrine_theme';
/** `?lang=fr` names the language version of a prerendered page (its hreflang alternate). */
export const languageQueryParameter = 'lang';

/**
 * Browser storage, exactly what docs/product.md ("What is kept, and where") lists: the cookies above and
 * these entries, the chunk-reload marker among them, which lives in sessionStorage and dies with the tab.
 */
export const browserStorageKeys = {
  /** localStorage: `accepted` or `refused`; absent until the visitor has chosen. */
  cookieConsent: 'vitrine_cookie_consent',
  /** localStorage: the pending registration of a sign-up, never with the password. */
  pendingRegistration: 'vitrine_pending_registration',
  /** localStorage: set while a sign-up waits for its e-mail verification. */
  verificationPending: 'vitrine_verification_pending',
  /** localStorage: the older user-language entry; migrated to the locale cookie, then removed. */
  legacyUserLanguage: 'user-language',
  /** sessionStorage: `{ path, at }` of the last reload made to recover from a chunk load error. */
  chunkReload: 'vitrine_chunk_reload',
} as const;

export const authTokenWait = { intervalMs: 100, attempts: 50 } as const;
export const authInitializationFallbackMs = 1 * second;
export const appStartWait = { intervalMs: 100, attempts: 30 } as const;
export const postDeleteRedirectMs = 100;
export const popupClosedDetectionMs = 8 * second;
/**
 * The Shopify connection's popup posts its outcome before it closes itself, and a Cancel on Shopify's
 * screen closes it: a popup seen closed is told after this grace, for a message still on its way,
 * instead of popupClosedDetectionMs, which keeps the spec's bound for a popup that never answers.
 */
export const shopifyPopupClosedGraceMs = 500;
export const popupSize = { width: 500, height: 600 } as const;
export const chunkReloadGuardMs = 10 * second;
export const buildCheckDelayMs = 1 * second;
export const buildCheckIntervalMs = 60 * minute;
export const maxConcurrentRoutePreloads = 5;

export const signUpPlan = 'free';

export const session = {
  cookieName: '__Host-vitrine_session',
  idleExpiryMs: 7 * day,
  absoluteExpiryMs: 30 * day,
  lastSeenUpdateIntervalMs: 1 * minute,
  /** An ID token is refreshed when it has less than this left to live. */
  idTokenRefreshMarginMs: 5 * minute,
  /** A session is opened only from a sign-in at most this old. */
  maxSignInAgeMs: 5 * minute,
} as const;

/** Who is signed in, as the BFF says it (GET) to the app and to the prerendered pages' start. */
export const sessionPath = '/auth/session';

/** The header that every state-changing request of the client carries (CSRF defence). */
export const csrfHeader = { name: 'x-requested-with', value: 'vitrine' } as const;

export const apiBodyLimitBytes = 1024 * 1024;

/**
 * The bound on a Shopify webhook's body, at the BFF and at the API. Shopify sends the whole REST
 * resource (a product with its variants, options and media runs to several MB) and documents no
 * ceiling; a delivery answered 413 is retried with the same body until Shopify gives up, so the
 * bound sits well above real payloads. Only the signature check reads the whole body; what the
 * handlers use of it is the resource's id and `updated_at`.
 */
export const shopifyWebhookBodyLimitBytes = 16 * 1024 * 1024;

/** Error reporting (Sentry), server and client alike. */
export const errorReporting = {
  sampleRate: 1,
  tracesSampleRate: { production: 0.1, otherwise: 1 },
  replaysSessionSampleRate: { production: 0.1, otherwise: 0 },
  replaysOnErrorSampleRate: 1,
  maxBreadcrumbs: 100,
  maxValueLength: 1000,
  normalizeDepth: 5,
  sendDefaultPii: false,
  defaultEnvironment: 'development',
  defaultRelease: 'unknown',
} as const;

/**
 * What /login's address asks of the page (shared/login-address.ts builds it): the sign-up form open
 * rather than the sign-in (`mode=sign-up`), and a notice said once on arrival (`notice=`). Here, with
 * the other constants, because the prerendered pages' small entry reads them too.
 */
export const loginModeParameter = 'mode';
export const signUpMode = 'sign-up';
export const loginNoticeParameter = 'notice';
