/** Types for assemble-production.mjs, which stays plain JavaScript because the Dockerfile runs it before any install. */
export declare const productionFiles: ReadonlyArray<{ from: string; to: string }>;
export declare function installProductionDependencies(
  target: string,
  options?: { source?: string; preferOffline?: boolean },
): Promise<void>;
export declare function copyProductionFiles(
  target: string,
  options?: { source?: string },
): Promise<void>;
export declare function measureDependencies(
  target: string,
): Promise<{ bytes: number; packages: number }>;
