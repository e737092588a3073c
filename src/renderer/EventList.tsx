import { useStore } from 'zustand';
import { summarizeEvent } from './event-summary';
import type { RunsStore } from './runs-store';

export function EventList({ store }: { store: RunsStore }) {
  const runId = useStore(store, (state) => state.selectedRunId);
  const events = useStore(store, (state) => state.events);
  const error = useStore(store, (state) => state.eventsError);

  return (
    <section className="pane events" aria-label="Events">
      <h2>{runId ? `Events of ${runId}` : 'Events'}</h2>
      {!runId && <p className="empty">Select a run to see its events.</p>}
      {error && <p className="error">{error}</p>}
      <ol>
        {events.map((event) => (
          <li key={event.seq}>
            <span className="seq">{event.seq}</span>
            <span className="type">{event.type}</span>
            <span className="summary">{summarizeEvent(event)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
