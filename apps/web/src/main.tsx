import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { installSessionHooks } from './app/auth/installSessionHooks';
import { getValidSession } from './app/auth/session';
import { features } from './app/features';
import { createQueryClient } from './app/queryClient';
import { AppRoutes, preloadPage } from './app/router';
import './app/global.css';

// Spec §9: no service worker may keep serving an old build.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => undefined);
}

const queryClient = createQueryClient();
installSessionHooks(queryClient);
// Signed in: the page's code downloads while the shell starts (signed out, the browser leaves for the issuer).
if (getValidSession()) preloadPage(features, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes features={features} />
      </BrowserRouter>
    </App>
  </StrictMode>,
);
