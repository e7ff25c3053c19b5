import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './frame/ErrorBoundary';
import './design/tokens.css';
import './design/components.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Merchant Desk: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
