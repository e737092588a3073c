import { create } from 'zustand';
import type { HermesApi, PendingRequest } from '../../shared/api';
import type { RunSummary } from '../../shared/events';
import { messageOf } from '../api/errors';

interface PendingState {
  requests: PendingRequest[];
  error: string | undefined;
  /** Runs left running by a crash, found at start-up. */
  interrupted: RunSummary[];
}

export const usePending = create<PendingState>()(() => ({ requests: [], error: undefined, interrupted: [] }));

export async function loadPending(api: HermesApi): Promise<void> {
  try {
    usePending.setState({ requests: await api.pendingRequests({}), error: undefined });
  } catch (error) {
    usePending.setState({ error: `Waiting requests could not be loaded: ${messageOf(error)}` });
  }
}

export async function loadInterrupted(api: HermesApi): Promise<void> {
  try {
    usePending.setState({ interrupted: await api.interruptedRuns({}) });
  } catch (error) {
    usePending.setState({ error: `Interrupted runs could not be listed: ${messageOf(error)}` });
  }
}

export function forgetInterrupted(runId: string): void {
  usePending.setState((state) => ({ interrupted: state.interrupted.filter((run) => run.runId !== runId) }));
}

/** The request a run waits on, if any. */
export function usePendingFor(runId: string | undefined): PendingRequest | undefined {
  return usePending((state) => (runId ? state.requests.find((r) => r.runId === runId) : undefined));
}
