import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bridgedApi } from './hermes-bridge';
import { createRunsStore } from './runs-store';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  const api = bridgedApi();
  createRoot(root).render(
    <StrictMode>
      {api ? (
        <App store={createRunsStore(api)} />
      ) : (
        <p className="notice">This page needs the Hermes Studio desktop app: no API bridge was found.</p>
      )}
    </StrictMode>,
  );
}
