import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter, whenRouterReady } from './app/router.tsx';
import { detectLanguage } from './lib/detect-language.ts';
import { initI18n } from './lib/i18n.ts';
import './app/base.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');

  // The first screen's code and the translations load side by side; the first render waits for both.
  const router = createAppRouter();
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
