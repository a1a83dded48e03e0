import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installAntdRender } from '../lib/antdRender';
import { configureApiClient } from '../lib/api';
import { currentApiLang, initI18n } from '../lib/i18n';

installAntdRender();

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
// As app/setup.ts does: every call (JSON and uploads) carries the UI language.
configureApiClient({ getLang: currentApiLang });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
