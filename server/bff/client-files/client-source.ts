import type { FastifyReply } from 'fastify';
import type { Language } from '#shared/constants.ts';
import type { PrerenderedPath } from '#shared/static-pages.ts';
import type { completePage } from '../complete-page.ts';
import type { PreparedBody } from '../prepared-body.ts';

/** Where the client comes from: the build, or Vite itself under `npm run dev`. */
export type ClientSourceOptions =
  | { mode: 'built'; clientDir: string }
  | {
      mode: 'vite';
      /** The Vite config file, or false to use `root` with Vite's defaults. */
      configFile: string | false;
      /** Overrides the config's root (where index.html is). */
      root?: string;
    };

/** What one way of serving the client (the build, or Vite) provides to the page routes. */
export interface ClientSource {
  sendAppShell(reply: FastifyReply, statusCode: number): Promise<FastifyReply>;
  /** The prerendered versions of a page; undefined when there are none (the dev server). */
  prerendered(routePath: PrerenderedPath): Record<Language, PreparedBody> | undefined;
  payload(routePath: PrerenderedPath): PreparedBody;
}

/** What the BFF adds to every HTML page it sends (complete-page.ts). */
export type PageAdditions = Parameters<typeof completePage>[1];

export const htmlType = 'text/html; charset=utf-8';
export const jsonType = 'application/json; charset=utf-8';
