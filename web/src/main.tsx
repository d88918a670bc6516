import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarlyOrdersRequest } from './features/orders/early-orders';
import './index.css';

// Before React renders and before the page's own code has loaded: see early-orders.ts.
startEarlyOrdersRequest(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
