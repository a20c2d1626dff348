/** Types for prepare.mjs, which stays plain JavaScript because it runs before the dependencies exist. */
import type { StdioOptions } from 'node:child_process';

export declare const root: string;
export declare function log(message: string): void;
export declare function run(
  command: string,
  args: readonly string[],
  options?: { env?: Record<string, string>; stdio?: StdioOptions },
): Promise<number>;
export declare function ensureDependencies(): Promise<void>;
export declare function ensureClientBuild(): Promise<void>;
