import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HermesApi } from '../shared/api';
import type { HermesEvent, RunSummary } from '../shared/events';

/** What the window shows: the runs list and the events of the selected run. */
export interface RunsState {
  runs: RunSummary[];
  runsError: string | undefined;
  selectedRunId: string | undefined;
  events: HermesEvent[];
  eventsError: string | undefined;
  refresh(): Promise<void>;
  select(runId: string): Promise<void>;
}

export type RunsStore = StoreApi<RunsState>;

export function createRunsStore(api: HermesApi): RunsStore {
  return createStore<RunsState>()((set, get) => {
    async function loadEvents(runId: string): Promise<void> {
      try {
        const events = await api.getRunEvents({ runId });
        // A slower answer for a run the user has since left must not overwrite the current one.
        if (get().selectedRunId === runId) set({ events, eventsError: undefined });
      } catch (error) {
        if (get().selectedRunId === runId) set({ eventsError: messageOf(error) });
      }
    }

    return {
      runs: [],
      runsError: undefined,
      selectedRunId: undefined,
      events: [],
      eventsError: undefined,
      async refresh() {
        try {
          set({ runs: await api.listRuns({}), runsError: undefined });
        } catch (error) {
          set({ runsError: messageOf(error) });
        }
        const selected = get().selectedRunId;
        if (selected) await loadEvents(selected);
      },
      async select(runId) {
        set({ selectedRunId: runId, events: [], eventsError: undefined });
        await loadEvents(runId);
      },
    };
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
