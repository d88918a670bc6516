import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarlyOrdersRequest } from './features/orders/early-orders';
import { initialLanguage } from './i18n/detect';
import { startI18n } from './i18n/i18n';
import { readStoredUser } from './lib/session';
import './index.css';

// Before React renders and before the page's own code has loaded: see early-orders.ts.
startEarlyOrdersRequest(window.location);

void startI18n(initialLanguage(readStoredUser()?.language)).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
