import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { installSessionHooks } from './app/auth/installSessionHooks';
import { features } from './app/features';
import { createQueryClient } from './app/queryClient';
import { buildRoutes } from './app/router';
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
const router = createBrowserRouter(buildRoutes(features));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
