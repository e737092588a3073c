import { useEffect, useState } from 'react';
import type { ConnectionState } from '../api/notice-stream';
import { useApi } from '../state/api-context';
import { setSettingsOpen } from '../state/view-store';

/** The app's name, whether live updates flow, and Settings. */
export function TopBar() {
  const api = useApi();
  const [connection, setConnection] = useState<ConnectionState>('open');
  useEffect(() => api.onConnection(setConnection), [api]);

  return (
    <header className="top-bar">
      <h1>Hermes Studio</h1>
      <span className="top-bar-status" role="status">
        {connection === 'lost' && 'Live updates interrupted; reconnecting…'}
      </span>
      <button type="button" className="button small" onClick={() => setSettingsOpen(true)}>
        Settings
      </button>
    </header>
  );
}
