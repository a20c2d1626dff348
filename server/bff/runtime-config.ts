import { jsonScriptBlock } from '#shared/build-artifacts.ts';
import { errorReporting } from '#shared/constants.ts';
import { runtimeConfigElementId, type RuntimeConfig } from '#shared/runtime-config.ts';
import type { Config } from '#server/config.ts';

/**
 * What the browser is told at run time (shared/runtime-config.ts). Only public values: the DSN and
 * the Firebase web configuration are meant for browsers; the session secret and the service account
 * never leave the server, and are not even read here.
 */
export function runtimeConfigOf(config: Config, emulatorHost?: string): RuntimeConfig {
  return {
    publicUrl: config.publicUrl,
    errorReporting:
      config.sentryDsn === undefined
        ? null
        : {
            dsn: config.sentryDsn,
            environment: config.sentryEnvironment,
            // The default label says nothing the client's own build id would not say better.
            release:
              config.sentryRelease === errorReporting.defaultRelease ? null : config.sentryRelease,
            production: config.mode === 'production',
          },
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      ...(config.mode === 'local' &&
        emulatorHost !== undefined && { authEmulatorUrl: `http://${emulatorHost}` }),
    },
  };
}

/** The `<script type="application/json" id="vitrine-runtime-config">` block of every page. */
export function runtimeConfigBlock(config: RuntimeConfig): string {
  return jsonScriptBlock(runtimeConfigElementId, config);
}
