/** Types for data-folder.mjs, which stays plain JavaScript for scripts/test.mjs. */
export declare function removeDataFolder(folder: string): Promise<void>;
