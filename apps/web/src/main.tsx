import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentLanguage, initI18n } from './lib/i18n';
import { installAntdRender } from './lib/antdRender';
import { loadAntdLocale } from './lib/i18n/antdLocale';
import './app/styles.css';

installAntdRender();

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
