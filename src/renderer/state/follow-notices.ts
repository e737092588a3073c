import type { HermesEvent } from '../../shared/events';
import type { ConnectedApi } from '../api/connect';
import { receiveEvent, refetchFollowed, useEvents } from './events-store';
import { loadPending } from './pending-store';
import { loadFinishedStats } from './run-stats';
import { applyEventToRuns, loadRuns, useRuns } from './runs-store';
import { appendStreamText, clearStreamText } from './stream-store';

const CHANGES_PENDING: ReadonlySet<HermesEvent['type']> = new Set([
  'human.requested',
  'human.responded',
  'run.paused',
  'run.resumed',
  'run.finished',
]);

/**
 * Feeds the notice stream into the stores; after the stream was down, reloads what may have been
 * missed. Returns the function that stops following.
 */
export function followNotices(api: ConnectedApi): () => void {
  const stopNotices = api.subscribe((notice) => {
    if (notice.kind === 'text') {
      if (useEvents.getState().runs[notice.runId]) appendStreamText(notice.runId, notice.delta);
      return;
    }
    const { event } = notice;
    receiveEvent(api, event);
    if (event.type === 'model.response' || event.type === 'run.finished') clearStreamText(event.runId);
    if (applyEventToRuns(event) === 'unknown') void loadRuns(api);
    if (CHANGES_PENDING.has(event.type)) void loadPending(api);
    if (event.type === 'run.finished') void loadFinishedStats(api, useRuns.getState().runs);
  });
  let lost = false;
  const stopConnection = api.onConnection((state) => {
    if (state === 'lost') lost = true;
    if (state !== 'open' || !lost) return;
    lost = false;
    refetchFollowed(api);
    void loadRuns(api);
    void loadPending(api);
  });
  return () => {
    stopNotices();
    stopConnection();
  };
}
