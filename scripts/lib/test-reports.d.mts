/** Types for test-reports.mjs, which stays plain JavaScript for scripts/test.mjs. */
export declare function firstLine(text: unknown): string;
export declare function failedVitestTests(report: unknown, root: string): string[];
export declare function failedPlaywrightTests(report: unknown): string[];
