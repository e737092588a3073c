import { useReplay } from './replay-store';
import { readReplayLocation, writeReplayLocation } from './replay-url';

/** The part of `window` the address sync uses. */
export interface AddressBar {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void };
}

/**
 * Mirrors the replayed run and step in the page address (`#run=<id>&step=<k>`) so a step can be
 * linked, and opens the run and step the address names. The hash, not the query: a file:// page
 * (the desktop app) may not change its query. Returns the function that stops mirroring.
 */
export function bindReplayToAddress(bar: AddressBar = window, store = useReplay): () => void {
  const named = readReplayLocation(bar.location.hash);
  if (named.runId) store.getState().openRun(named.runId, named.step);
  return store.subscribe((state, previous) => {
    if (state.runId === previous.runId && state.step === previous.step) return;
    const hash = writeReplayLocation(bar.location.hash, {
      ...(state.runId ? { runId: state.runId } : {}),
      ...(state.step !== undefined ? { step: state.step } : {}),
    });
    bar.history.replaceState(bar.history.state, '', `${bar.location.pathname}${bar.location.search}${hash}`);
  });
}
