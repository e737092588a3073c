import { useReplay } from '../replay/replay-store';
import { readReplayLocation } from '../replay/replay-url';
import { bindReplayToAddress } from '../replay/url-sync';
import { useView } from './view-store';

/**
 * The page address names the open run and the replay step (`#run=<id>&step=<k>`, kept by the replay
 * state): a link opens that run at that step, and a new conversation clears it. Returns the function
 * that stops following.
 */
export function followAddress(): () => void {
  const named = readReplayLocation(window.location.hash).runId;
  if (named) useView.setState({ openRunId: named });
  const stopReplay = bindReplayToAddress();
  const stopView = useView.subscribe((state, previous) => {
    if (state.openRunId === undefined && previous.openRunId !== undefined)
      useReplay.getState().openRun(undefined);
  });
  return () => {
    stopReplay();
    stopView();
  };
}
