import type { RunStatus, RunSummary } from '../../shared/events';

/** Runs whose task, model or id contain the text (any case), with the status if one is chosen. */
export function filterRuns(
  runs: readonly RunSummary[],
  text: string,
  status: RunStatus | 'all',
): RunSummary[] {
  const needle = text.trim().toLowerCase();
  return runs.filter(
    (run) =>
      (status === 'all' || run.status === status) &&
      (!needle || `${run.task}\n${run.model}\n${run.runId}`.toLowerCase().includes(needle)),
  );
}

/** Runs waiting for a person first, then the rest as listed (newest first). */
export function waitingFirst(runs: readonly RunSummary[]): RunSummary[] {
  return [...runs.filter((run) => run.status === 'paused'), ...runs.filter((run) => run.status !== 'paused')];
}
