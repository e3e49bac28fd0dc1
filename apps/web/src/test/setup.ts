import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { ConfigProvider, message, notification } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
import { resetFeedback } from '../shared/lib/feedback';
import { configureSessionHooks } from '../shared/lib/session-hooks';

// findBy/waitFor wait up to 5 s (default 1 s): a slow render on a loaded CI machine is not a failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs antd relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars. (This file runs again
// for every test file in the same window: it wraps jsdom's own function, not the wrapper of the file before.)
const JSDOM_GET_COMPUTED_STYLE = Symbol.for('portal.test.getComputedStyle');
const held = window as unknown as Record<symbol, typeof window.getComputedStyle | undefined>;
const getComputedStyle = (held[JSDOM_GET_COMPUTED_STYLE] ??= window.getComputedStyle.bind(window));
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.scrollTo = () => undefined;

afterEach(async () => {
  cleanup();
  resetFeedback();
  configureSessionHooks({ getIdToken: () => undefined, getEmail: () => undefined, switchAccount: () => undefined });
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await closeStaticToasts();
});

/*
 * The test files of a worker share one window (the web project runs with `isolate: false`, decision 0003): a file
 * leaves the document as it found it. What the test's tree rendered is gone with cleanup(); antd's static toasts
 * (feedback() with no <FeedbackBridge/> mounted) live in a React root of their own, so they are closed here, and
 * without motion they leave at once (jsdom never ends a CSS animation: a closing toast would stay, with its role
 * "alert", for the next file's queries to find). Anything else left in the body fails the file that left it.
 */
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

const STATIC_TOASTS = 'body > .ant-message, body > .ant-notification';

async function closeStaticToasts(): Promise<void> {
  if (!document.querySelector(STATIC_TOASTS)) return;
  message.destroy();
  notification.destroy();
  await waitFor(() => {
    if (document.querySelector(STATIC_TOASTS)) throw new Error("antd's static toasts did not close");
  });
}

afterAll(() => {
  // rc-textarea keeps one hidden, aria-hidden textarea in the body for measuring (and never adds it again).
  const left = [...document.body.children].filter((el) => el.getAttribute('name') !== 'hiddenTextarea');
  if (left.length === 0) return;
  const described = left.map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${el.textContent ?? ''}`);
  for (const el of left) el.remove();
  throw new Error(`The file left elements in the document (the next file would see them): ${described.join('; ')}`);
});
