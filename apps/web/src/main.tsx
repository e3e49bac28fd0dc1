import { StrictMode, startTransition } from 'react';
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
// Signed in: the page's code downloads while the shell starts (signed out, the browser leaves for the issuer). In a
// task of its own: requesting a page appends a preload link per chunk it imports (50 and more), which made the task
// that evaluates this module a long one.
if (getValidSession()) setTimeout(() => preloadPage(features, window.location.pathname), 0);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render in a transition: React yields to the browser every few milliseconds instead of holding the main
// thread until the whole shell is built.
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes features={features} />
        </BrowserRouter>
      </App>
    </StrictMode>,
  ),
);
