/** Types for prepare.mjs, which stays plain JavaScript because it runs before the dependencies exist. */
import type { StdioOptions } from 'node:child_process';

export declare const root: string;
export declare function log(message: string): void;
export declare function run(
  command: string,
  args: readonly string[],
  options?: {
    env?: Record<string, string>;
    stdio?: StdioOptions;
    /** Receives what the command prints (stdout and stderr) instead of `stdio`. */
    onOutput?: (text: string) => void;
  },
): Promise<number>;
export declare function ensureDependencies(): Promise<void>;
export declare function ensureClientBuild(options?: {
  /** Receives what the build says instead of stderr. */
  onOutput?: (text: string) => void;
}): Promise<void>;
