import { useState } from 'react';
import { messageOf } from '../api/errors';
import { useApi } from '../state/api-context';
import { reportError } from '../state/errors';
import { forgetInterrupted, usePending } from '../state/pending-store';
import { loadRuns } from '../state/runs-store';
import { openRun } from '../state/view-store';

/** At start-up: runs a crash left behind, with a way to continue them. */
export function InterruptedBanner() {
  const api = useApi();
  const interrupted = usePending((state) => state.interrupted);
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  if (interrupted.length === 0 || hidden) return null;

  async function resume(runIds: string[]): Promise<void> {
    setBusy(true);
    for (const runId of runIds) {
      try {
        const result = await api.resume({ runId });
        if (result.ok) forgetInterrupted(runId);
        else reportError(result.error, `Run ${runId} could not be resumed`);
      } catch (error) {
        reportError(messageOf(error), `Run ${runId} could not be resumed`);
      }
    }
    setBusy(false);
    void loadRuns(api);
  }

  const count = interrupted.length;
  return (
    <section className="banner warning" aria-label="Interrupted runs">
      <span>
        {count === 1 ? 'A run was interrupted' : `${count} runs were interrupted`} when Hermes Studio last
        stopped:{' '}
        {interrupted.slice(0, 3).map((run, index) => (
          <span key={run.runId}>
            {index > 0 && ', '}
            <button type="button" className="link-button" onClick={() => openRun(run.runId)}>
              {run.task.length > 48 ? `${run.task.slice(0, 47)}…` : run.task}
            </button>
          </span>
        ))}
        {count > 3 && ` and ${count - 3} more`}.
      </span>
      <span className="banner-actions">
        <button
          type="button"
          className="button small primary"
          disabled={busy}
          onClick={() => void resume(interrupted.map((run) => run.runId))}
        >
          {count === 1 ? 'Resume it' : 'Resume all'}
        </button>
        <button type="button" className="button small" onClick={() => setHidden(true)}>
          Not now
        </button>
      </span>
    </section>
  );
}
