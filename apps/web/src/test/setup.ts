import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initI18n } from '../lib/i18n';

// antd-mobile's imperative Toast/Dialog on React 19 (as in main.tsx).
type ContainerWithRoot = (Element | DocumentFragment) & { _reactRoot?: ReturnType<typeof createRoot> };
unstableSetRender((node, container) => {
  const c = container as ContainerWithRoot;
  c._reactRoot ??= createRoot(c);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete c._reactRoot;
  };
});

// jsdom lacks a few browser APIs that antd-mobile touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

await initI18n('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
