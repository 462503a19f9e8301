import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { connectSession } from './lib/auth/connect';
import { i18nReady } from './lib/i18n';

connectSession();
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
