import { useEffect } from 'react';
import { useStore } from 'zustand';
import { EventList } from './EventList';
import { RunsList } from './RunsList';
import type { RunsStore } from './runs-store';

// No push subscription exists yet, so runs started from the CLI show up by polling.
const REFRESH_MS = 3_000;

export function App({ store }: { store: RunsStore }) {
  const refresh = useStore(store, (state) => state.refresh);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <div className="app">
      <p className="notice">
        Runs are started from the command line for now: <code>npx hermes-studio run "&lt;task&gt;"</code>
      </p>
      <main className="panes">
        <RunsList store={store} />
        <EventList store={store} />
      </main>
    </div>
  );
}
