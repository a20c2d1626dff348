/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The id of the build this code belongs to (scripts/vite/build-artifacts-plugin.ts). */
  readonly VITE_BUILD_ID: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
