/** An observer that never reports: enough for components that only need one to exist. */
export class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/**
 * For the apps' component tests: the browser APIs jsdom lacks and antd / antd-mobile touch
 * (matchMedia that never matches, a ResizeObserver that never reports, a window.scrollTo that does nothing).
 */
export function installJsdomStubs(): void {
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
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}
