import { create } from 'zustand';
import type { HermesApi } from '../../shared/api';
import type { HermesEvent, RunSummary } from '../../shared/events';

/** Duration and tokens of a run, as its runs-list row shows them. */
export interface RunStats {
  durationMs: number;
  tokens: number;
}

interface StatsState {
  /** From the `run.finished` report of finished runs: they never change, so each is fetched once. */
  finished: Record<string, RunStats>;
}

export const useRunStats = create<StatsState>()(() => ({ finished: {} }));

const requested = new Set<string>();
const BATCH = 4;

/** Fetches the final event of finished runs not seen yet; it carries the run's report. */
export async function loadFinishedStats(api: HermesApi, runs: readonly RunSummary[]): Promise<void> {
  const todo = runs.filter((run) => isFinished(run) && !requested.has(run.runId) && run.lastSeq > 0);
  for (const run of todo) requested.add(run.runId);
  for (let i = 0; i < todo.length; i += BATCH) {
    const found = await Promise.all(todo.slice(i, i + BATCH).map((run) => finishedStats(api, run)));
    const entries = found.filter((entry): entry is [string, RunStats] => entry !== undefined);
    if (entries.length > 0) {
      useRunStats.setState((state) => ({ finished: { ...state.finished, ...Object.fromEntries(entries) } }));
    }
  }
}

async function finishedStats(api: HermesApi, run: RunSummary): Promise<[string, RunStats] | undefined> {
  try {
    const [last] = await api.getRunEvents({ runId: run.runId, afterSeq: run.lastSeq - 1 });
    const stats = last ? statsOfFinished(last) : undefined;
    return stats ? [run.runId, stats] : undefined;
  } catch {
    // A row without numbers is acceptable; the run itself still opens and says what went wrong.
    requested.delete(run.runId);
    return undefined;
  }
}

/** The numbers a `run.finished` event reports. */
export function statsOfFinished(event: HermesEvent): RunStats | undefined {
  if (event.type !== 'run.finished') return undefined;
  return { durationMs: event.report.durationMs, tokens: event.report.tokens.total };
}

/** Tokens used so far, summed from a run's model responses (for runs still going). */
export function tokensSoFar(events: readonly HermesEvent[]): number {
  let total = 0;
  for (const event of events) {
    if (event.type === 'model.response') total += event.usage.prompt + event.usage.completion;
  }
  return total;
}

function isFinished(run: RunSummary): boolean {
  return run.status === 'succeeded' || run.status === 'failed' || run.status === 'cancelled';
}
