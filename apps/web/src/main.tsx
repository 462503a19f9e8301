import './lib/zod-config';
// before the app: its router starts the first route's requests as its module is evaluated
import './lib/auth/connected';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
// render once the current language's translations are in (one chunk, fetched in parallel with the app's code)
void i18nReady.then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
