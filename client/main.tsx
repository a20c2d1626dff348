import { startApp } from './app/start-app.tsx';

void startApp();
