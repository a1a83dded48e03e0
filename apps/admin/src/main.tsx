import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { App } from './app/App';
import { createConsoleRouter } from './app/router';
import './app/styles.css';

const texts = initI18n();
// The router starts the first screen's code and data now, while the operator's language loads.
const router = createConsoleRouter();
void texts.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
