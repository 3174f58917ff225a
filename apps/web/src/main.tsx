import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './lib/i18n';
import { App } from './app/App';
import { configureApi } from './app/configure-api';
import { startEarly } from './app/early-start';

configureApi();
startEarly();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
// zh_CN is ready at once; another saved language first loads its text (lib/i18n.ts)
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
