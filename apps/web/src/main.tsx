import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import './lib/i18n';
import { App } from './app/App';
import { configureApi } from './app/configure-api';
import { startEarly } from './app/early-start';

configureApi();
startEarly();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
