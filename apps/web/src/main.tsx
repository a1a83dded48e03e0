import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { App } from './app/App';
import { currentLanguage, initI18n } from './lib/i18n';
import { loadAntdLocale } from './lib/i18n/antdLocale';
import './app/styles.css';

// antd-mobile 5 renders Toast/Dialog/ActionSheet imperatively with React 18's legacy API; on React 19
// it must be given a createRoot-based renderer.
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

async function start() {
  await initI18n();
  const antdLocale = await loadAntdLocale(currentLanguage()).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App antdLocale={antdLocale} />
    </StrictMode>,
  );
}

void start();
