import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectApi } from './api/connect';
import { ApiProvider } from './state/api-context';
import './styles/base.css';
import './styles/runs.css';
import './styles/chat.css';
import './styles/run-view.css';
import './styles/dialogs.css';

const root = document.getElementById('root');
if (root) {
  const api = connectApi();
  createRoot(root).render(
    <StrictMode>
      <ApiProvider api={api}>
        <App />
      </ApiProvider>
    </StrictMode>,
  );
}
