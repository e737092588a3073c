import { create } from 'zustand';
import type { HermesApi } from '../../shared/api';
import type { HermesEvent, RunStatus, RunSummary } from '../../shared/events';
import { messageOf } from '../api/errors';

interface RunsState {
  runs: RunSummary[];
  loaded: boolean;
  error: string | undefined;
}

export const useRuns = create<RunsState>()(() => ({ runs: [], loaded: false, error: undefined }));

let loading: Promise<void> | undefined;
let reloadAfter = false;

/** Reloads the runs list; calls made while a load is under way fold into one more load after it. */
export async function loadRuns(api: HermesApi): Promise<void> {
  if (loading) {
    reloadAfter = true;
    return loading;
  }
  loading = (async () => {
    try {
      const listed = await api.listRuns({});
      useRuns.setState((state) => ({ runs: newerOf(listed, state.runs), loaded: true, error: undefined }));
    } catch (error) {
      useRuns.setState({ loaded: true, error: `The runs could not be listed: ${messageOf(error)}` });
    }
  })();
  await loading;
  loading = undefined;
  if (reloadAfter) {
    reloadAfter = false;
    await loadRuns(api);
  }
}

/**
 * A list fetched a moment ago can be older than events that arrived meanwhile: a row already past
 * the listed one (a pause applied while the list was in flight) is kept.
 */
function newerOf(listed: RunSummary[], current: RunSummary[]): RunSummary[] {
  const known = new Map(current.map((run) => [run.runId, run]));
  return listed.map((run) => {
    const local = known.get(run.runId);
    return local && local.lastSeq > run.lastSeq ? local : run;
  });
}

/**
 * Applies an event to the run's row at once, so the list follows a live run without a reload. Says
 * whether the run is unknown here (a run started elsewhere), which needs a reload.
 */
export function applyEventToRuns(event: HermesEvent): 'known' | 'unknown' {
  const { runs } = useRuns.getState();
  const index = runs.findIndex((run) => run.runId === event.runId);
  const row = runs[index];
  if (!row) return 'unknown';
  const status = statusAfter(event) ?? row.status;
  const updated: RunSummary = {
    ...row,
    status,
    updatedAt: event.ts,
    lastSeq: Math.max(row.lastSeq, event.seq),
  };
  const next = runs.slice();
  next[index] = updated;
  useRuns.setState({ runs: next });
  return 'known';
}

function statusAfter(event: HermesEvent): RunStatus | undefined {
  switch (event.type) {
    case 'run.paused':
      return 'paused';
    case 'run.resumed':
    case 'run.started':
      return 'running';
    case 'run.finished':
      return event.status;
    default:
      return undefined;
  }
}
