import { afterEach, vi } from 'vitest';
import { installJsdomStubs } from '@lucky28/shared/testing/jsdom';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../lib/i18n';

installJsdomStubs();
// antd measures scrollbars with getComputedStyle on pseudo-elements, which jsdom does not implement.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => computed(el);

// Two shared cores: antd screens take a while to settle in jsdom.
configure({ asyncUtilTimeout: 8000 });

await initI18n('en');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
