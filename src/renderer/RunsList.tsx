import { useStore } from 'zustand';
import type { RunsStore } from './runs-store';

export function RunsList({ store }: { store: RunsStore }) {
  const runs = useStore(store, (state) => state.runs);
  const error = useStore(store, (state) => state.runsError);
  const selectedRunId = useStore(store, (state) => state.selectedRunId);
  const select = useStore(store, (state) => state.select);

  return (
    <section className="pane runs" aria-label="Runs">
      <h2>Runs</h2>
      {error && <p className="error">{error}</p>}
      {runs.length === 0 && !error && <p className="empty">No runs yet.</p>}
      <table>
        <thead>
          <tr>
            <th>Status</th>
            <th>Task</th>
            <th>Model</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr
              key={run.runId}
              className={run.runId === selectedRunId ? 'selected' : undefined}
              onClick={() => void select(run.runId)}
            >
              <td className={`status ${run.status}`}>{run.status}</td>
              <td className="task" title={run.task}>
                {run.task}
              </td>
              <td>{run.model}</td>
              <td>{new Date(run.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
