import { describe, expect, it } from 'vitest';
import { appRoutes, type AppRouteName } from '#shared/routes.ts';

/**
 * Each screen declares the translation namespaces it reads, and the app's table of routes names
 * them ahead of the screen's code, for the app start and the links' preloading: a screen whose
 * declaration and table disagree would render before its texts have arrived, or fetch texts it
 * never shows.
 */

/**
 * The client's table, loaded by Vitest like any module; its screens are React components, which the
 * Node typecheck of the tests does not compile, hence the import by a path it does not follow.
 */
interface ScreensModule {
  routeNamespaces: Record<AppRouteName, readonly string[]>;
  screenLoaders: Record<AppRouteName, () => Promise<{ namespaces?: readonly string[] }>>;
}
const screensPath = '../../client/app/screens.ts';
const { routeNamespaces, screenLoaders } = (await import(screensPath)) as ScreensModule;

const routeNames = appRoutes.map((route) => route.name as AppRouteName);

describe('screen namespaces', () => {
  it.each(routeNames)('%s declares the namespaces the route table preloads', async (name) => {
    const screen = await screenLoaders[name]();
    expect(screen.namespaces ?? []).toEqual(routeNamespaces[name]);
  });

  it('give every signed-in area its own namespace, never the public pages’ or another area’s', () => {
    const areaOf = (name: AppRouteName) => routeNamespaces[name][0];
    expect(areaOf('dashboard')).toBe('dashboard');
    expect(areaOf('home')).toBe('dashboard');
    expect(areaOf('shops')).toBe('shops');
    expect(areaOf('seo-pages')).toBe('seo');
    expect(areaOf('blog-no-shop')).toBe('blog');
    expect(areaOf('subscription')).toBe('subscription');
    expect(areaOf('settings')).toBe('settings');
    expect(areaOf('contact')).toBe('contact');
    expect(areaOf('login')).toBe('account');
  });
});
