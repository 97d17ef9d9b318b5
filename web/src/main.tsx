import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { openingPageReady, opensSignedInPage } from './app/router';
import { migrateStorageKeys } from './data/local-storage';
import { startSessionCheck } from './features/auth/session';
import { registerServiceWorker } from './lib/serviceWorker';
import './styles/global.css';

// Values stored under older key names move to the current ones before anything reads them.
migrateStorageKeys();

if (opensSignedInPage) void startSessionCheck();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

void openingPageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
