import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';

// NOTE: the router starts loading the first screen while the locale file downloads.
const router = createAppRouter();
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
