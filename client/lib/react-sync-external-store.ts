/**
 * What `use-sync-external-store/shim` resolves to in the client build (vite.config.ts): React has
 * had useSyncExternalStore since version 18, so the shim's fallback for older versions is dead code
 * in the first load.
 */
export { useSyncExternalStore } from 'react';
