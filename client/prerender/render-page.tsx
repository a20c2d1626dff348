import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { publicUrlPlaceholder } from '#shared/build-artifacts.ts';
import type { Language } from '#shared/constants.ts';
import { findRoute } from '#shared/routes.ts';
import {
  staticPagePayload,
  type PrerenderedPath,
  type StaticPagePayload,
} from '#shared/static-pages.ts';
import { headTagsHtml } from '#client/lib/head-tags.ts';
import { appRouteObjects } from '#client/app/router.tsx';
import { namespacesForPath } from '#client/app/screens.ts';
import { initAuthForPrerender } from '#client/lib/auth-session.ts';
import { initI18n, loadNamespaces, type Namespace } from '#client/lib/i18n.ts';

/**
 * The prerender's entry (scripts/vite/prerender-static-pages.ts loads it through Vite, in Node): one
 * page in one language, rendered by the real router, layouts and translations, as a visitor who is
 * not signed in would first see it. The build puts the result into a copy of index.html.
 */

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  markup: string;
  /** The `<head>` tags of the page (title, description, canonical, hreflang, Open Graph). */
  headHtml: string;
  /** The page's data, written next to it as its `_payload.json` and inlined in it. */
  payload: StaticPagePayload;
}

/**
 * Where a page's title and description are: `heads.<route name>` of its area's namespace, the first
 * its screen reads (client/app/screens.ts).
 */
function headNamespaceOf(path: string): Namespace | undefined {
  return namespacesForPath(path)[0];
}

/** The origin of the requests the static handler is given; only their path matters. */
const requestOrigin = 'http://prerender.invalid';

async function switchLanguage(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  if (!i18next.isInitialized) {
    await initI18n(language, namespaces);
    return;
  }
  // The namespaces already loaded follow the language; the page's own are loaded in it.
  await i18next.changeLanguage(language);
  await loadNamespaces(namespaces);
}

function translated(key: string, namespace: Namespace): string {
  if (!i18next.exists(key, { ns: namespace })) {
    throw new Error(`the translation ${namespace}:${key} is missing`);
  }
  // The key is built from the route's name, so it cannot be checked against the typed resources.
  const translate = i18next.t as (key: string, options: { ns: Namespace }) => string;
  return translate.call(i18next, key, { ns: namespace });
}

/** The head of a page: the title and description its screen gives <DocumentHead>, as HTML. */
function pageHeadHtml(path: PrerenderedPath, language: Language): string {
  const route = findRoute(path);
  const namespace = headNamespaceOf(path);
  if (route === undefined || namespace === undefined) {
    throw new Error(`no head translations are known for ${path}`);
  }
  const title = translated(`heads.${route.name}.title`, namespace);
  const description = translated(`heads.${route.name}.description`, namespace);
  return headTagsHtml({
    title: `${title} · ${translated('app.name', 'common')}`,
    description,
    path,
    language,
    // The BFF puts the deployment's PUBLIC_URL in its place.
    publicUrl: publicUrlPlaceholder,
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

export async function renderPage(path: PrerenderedPath, language: Language): Promise<RenderedPage> {
  initAuthForPrerender();
  await switchLanguage(language, namespacesForPath(path));

  const handler = createStaticHandler(appRouteObjects);
  const context = await handler.query(new Request(`${requestOrigin}${path}`));
  if (context instanceof Response) {
    throw new Error(
      `the route answered ${context.status} ${context.headers.get('location') ?? ''} instead of the page`,
    );
  }
  if (context.errors !== null) {
    const [routeId, error] = Object.entries(context.errors)[0] ?? [];
    throw new Error(`the route ${routeId} failed: ${describe(error)}`);
  }
  if (context.statusCode !== 200) throw new Error(`the page has status ${context.statusCode}`);

  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return { markup, headHtml: pageHeadHtml(path, language), payload: staticPagePayload(path) };
}
