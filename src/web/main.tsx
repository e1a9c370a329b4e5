import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { portalConfig } from './lib/config';
import { initI18n } from './lib/i18n';
import { startMonitoring } from './lib/monitoring';
import './styles/global.css';

initI18n(portalConfig().texts);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startMonitoring();
