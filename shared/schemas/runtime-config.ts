import * as z from 'zod/mini';

/** The runtime configuration block's shape (shared/runtime-config.ts), for the BFF and the tests. */
export const runtimeConfigSchema = z.object({
  /** The product's public origin, without a trailing slash (canonical and hreflang URLs). */
  publicUrl: z.string(),
  /** Null when no SENTRY_DSN is configured: the client then never loads the SDK. */
  errorReporting: z.nullable(
    z.object({
      dsn: z.string(),
      environment: z.string(),
      /** SENTRY_RELEASE when set; null lets the client use its build id, else `unknown`. */
      release: z.nullable(z.string()),
      production: z.boolean(),
    }),
  ),
  /** The Firebase web SDK's configuration, for the sign-in forms. */
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    /** `http://host:port` of the Auth Emulator in local mode. */
    authEmulatorUrl: z.optional(z.string()),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
