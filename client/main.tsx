import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reloadOnNavigationWhenUpdated } from './app/build-update-reload.ts';
import { createAppRouter, whenRouterReady } from './app/router.tsx';
import { startBuildUpdateCheck } from './lib/build-update-check.ts';
import { detectLanguage } from './lib/detect-language.ts';
import { initI18n } from './lib/i18n.ts';
import './app/base.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');

  // The first screen's code and the translations load side by side; the first render waits for both.
  const router = createAppRouter();
  // A newer build makes the next navigation a full page load (nothing happens under the dev server).
  const buildUpdateCheck = startBuildUpdateCheck(import.meta.env.VITE_BUILD_ID);
  if (buildUpdateCheck !== undefined)
    reloadOnNavigationWhenUpdated(router, buildUpdateCheck.isUpdateWaiting);
  const language = detectLanguage({
    cookieHeader: document.cookie,
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
  await Promise.all([initI18n(language), whenRouterReady(router)]);

  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
