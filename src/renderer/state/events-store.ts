import { create } from 'zustand';
import type { HermesApi } from '../../shared/api';
import type { HermesEvent } from '../../shared/events';
import { messageOf } from '../api/errors';
import { gapAfter, mergeEvents, NO_EVENTS, type RunEvents } from './event-merge';

interface EventsState {
  /** Runs the window follows (open, or part of the open conversation), by run id. */
  runs: Record<string, RunEvents>;
  errors: Record<string, string | undefined>;
}

export const useEvents = create<EventsState>()(() => ({ runs: {}, errors: {} }));

const EMPTY: HermesEvent[] = [];

/** A followed run's events, contiguous from seq 1 (a stable empty list before they load). */
export function useRunEvents(runId: string | undefined): HermesEvent[] {
  return useEvents((state) => (runId ? state.runs[runId]?.events : undefined) ?? EMPTY);
}

const inFlight = new Set<string>();
const again = new Set<string>();

/** Starts following a run: fetches its events once; notices keep it current from then on. */
export function followRun(api: HermesApi, runId: string): void {
  if (useEvents.getState().runs[runId]) return;
  setRun(runId, NO_EVENTS);
  void fetchMissing(api, runId);
}

/** Fetches whatever a followed run may have missed (after a reconnect, or past a gap). */
export async function fetchMissing(api: HermesApi, runId: string): Promise<void> {
  if (inFlight.has(runId)) {
    again.add(runId);
    return;
  }
  inFlight.add(runId);
  try {
    const current = useEvents.getState().runs[runId] ?? NO_EVENTS;
    const afterSeq = current.events.at(-1)?.seq ?? 0;
    const events = await api.getRunEvents(afterSeq > 0 ? { runId, afterSeq } : { runId });
    const merged = mergeEvents(useEvents.getState().runs[runId] ?? NO_EVENTS, events);
    setRun(runId, merged);
    useEvents.setState((state) => ({ errors: { ...state.errors, [runId]: undefined } }));
    if (gapAfter(merged) !== undefined && events.length > 0) again.add(runId);
  } catch (error) {
    useEvents.setState((state) => ({
      errors: { ...state.errors, [runId]: `The run's steps could not be loaded: ${messageOf(error)}` },
    }));
  } finally {
    inFlight.delete(runId);
  }
  if (again.delete(runId)) await fetchMissing(api, runId);
}

/** Takes one committed event from the notice stream; events of runs nobody follows are dropped. */
export function receiveEvent(api: HermesApi, event: HermesEvent): void {
  const current = useEvents.getState().runs[event.runId];
  if (!current) return;
  const merged = mergeEvents(current, [event]);
  if (merged === current) return;
  setRun(event.runId, merged);
  if (gapAfter(merged) !== undefined) void fetchMissing(api, event.runId);
}

/** After the notice stream was down: every followed run may have missed events. */
export function refetchFollowed(api: HermesApi): void {
  for (const runId of Object.keys(useEvents.getState().runs)) void fetchMissing(api, runId);
}

function setRun(runId: string, run: RunEvents): void {
  useEvents.setState((state) => ({ runs: { ...state.runs, [runId]: run } }));
}
