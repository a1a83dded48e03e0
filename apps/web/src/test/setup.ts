import { afterEach } from 'vitest';
import { installJsdomStubs, NoopObserver } from '@lucky28/shared/testing/jsdom';
import { cleanup } from '@testing-library/react';
import { installAntdRender } from '../lib/antdRender';
import { configureApiClient } from '../lib/api';
import { currentApiLang, initI18n } from '../lib/i18n';
import { useDialogQueue } from '../components/dialogQueue';

installAntdRender();

installJsdomStubs();
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

await initI18n('en');
// As app/setup.ts does: every call (JSON and uploads) carries the UI language.
configureApiClient({ getLang: currentApiLang });

afterEach(() => {
  cleanup();
  // A dialog left unanswered by a test is not shown in the next one.
  useDialogQueue.setState({ queue: [], asked: false });
  localStorage.clear();
  sessionStorage.clear();
});
