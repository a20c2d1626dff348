import { startPrerenderedPage } from './app/prerendered-page-start.ts';

/** The entry of the prerendered pages: the app starts when needed (prerendered-page-start.ts). */
startPrerenderedPage();
