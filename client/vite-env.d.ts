/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * The id of the build this code belongs to (scripts/vite/build-artifacts-plugin.ts); undefined
   * under the dev server, where no build exists.
   */
  readonly VITE_BUILD_ID: string | undefined;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
