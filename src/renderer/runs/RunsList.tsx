import { memo, useDeferredValue, useMemo, useState } from 'react';
import { ownMessage } from '../../shared/conversation';
import type { RunStatus, RunSummary } from '../../shared/events';
import { FormError } from '../shell/FormError';
import { useRunEvents } from '../state/events-store';
import { usePending } from '../state/pending-store';
import { type RunStats, tokensSoFar, useRunStats } from '../state/run-stats';
import { useRuns } from '../state/runs-store';
import { openRun, showRequest, useView } from '../state/view-store';
import { filterRuns, waitingFirst } from './filter';
import { formatDuration, formatTokens, formatWhen, STATUS_LABEL } from './format';

const STATUS_FILTERS: (RunStatus | 'all')[] = [
  'all',
  'running',
  'paused',
  'succeeded',
  'failed',
  'cancelled',
];

/** Every run, newest first with waiting runs on top; search and status filter. */
export function RunsList() {
  const runs = useRuns((state) => state.runs);
  const loaded = useRuns((state) => state.loaded);
  const error = useRuns((state) => state.error);
  const openRunId = useView((state) => state.openRunId);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<RunStatus | 'all'>('all');
  const deferredText = useDeferredValue(text);
  const shown = useMemo(
    () => waitingFirst(filterRuns(runs, deferredText, status)),
    [runs, deferredText, status],
  );
  const waiting = runs.filter((run) => run.status === 'paused').length;

  return (
    <nav className="runs-pane" aria-label="Runs">
      <div className="pane-header">
        <h2>Runs</h2>
        <button type="button" className="button small" onClick={() => openRun(undefined)}>
          New task
        </button>
      </div>
      <div className="runs-filters">
        <input
          type="search"
          aria-label="Search runs"
          placeholder="Search runs"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as RunStatus | 'all')}
        >
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All statuses' : STATUS_LABEL[value]}
            </option>
          ))}
        </select>
      </div>
      {waiting > 0 && (
        <p className="waiting-summary" role="status">
          {waiting === 1 ? '1 run is waiting for you' : `${waiting} runs are waiting for you`}
        </p>
      )}
      <FormError message={error} />
      {loaded && shown.length === 0 && !error ? (
        <p className="empty">
          {runs.length === 0 ? 'No runs yet. Type a task to start one.' : 'No run matches.'}
        </p>
      ) : (
        <ul className="runs">
          {shown.map((run) => (
            <RunRow key={run.runId} run={run} open={run.runId === openRunId} />
          ))}
        </ul>
      )}
    </nav>
  );
}

const RunRow = memo(function RunRow({ run, open }: { run: RunSummary; open: boolean }) {
  const stats = useRunStats((state) => state.finished[run.runId]);
  const pending = usePending((state) => state.requests.find((request) => request.runId === run.runId));
  const waiting = run.status === 'paused';
  return (
    <li className={`run-row status-${run.status}${open ? ' open' : ''}`}>
      <button
        type="button"
        className="run-open"
        aria-current={open ? 'true' : undefined}
        onClick={() => openRun(run.runId)}
      >
        <span className="run-line">
          <span className={`status-pill ${run.status}`}>{STATUS_LABEL[run.status]}</span>
          <span className="run-when">{formatWhen(run.createdAt, Date.now())}</span>
        </span>
        <span className="run-task">{ownMessage(run.task)}</span>
        <RunMeta run={run} stats={stats} />
      </button>
      {waiting && pending && (
        <button
          type="button"
          className="button small attention"
          onClick={() => {
            openRun(run.runId);
            showRequest(run.runId);
          }}
        >
          {pending.request.kind === 'question' ? 'Answer the question' : 'Review the approval'}
        </button>
      )}
    </li>
  );
});

function RunMeta({ run, stats }: { run: RunSummary; stats: RunStats | undefined }) {
  const events = useRunEvents(stats ? undefined : run.runId);
  const durationMs = stats?.durationMs ?? run.updatedAt - run.createdAt;
  const tokens = stats?.tokens ?? (events.length > 0 ? tokensSoFar(events) : undefined);
  return (
    <span className="run-meta">
      <span>{run.model}</span>
      <span>{formatDuration(durationMs)}</span>
      {tokens !== undefined && <span>{formatTokens(tokens)}</span>}
    </span>
  );
}
