import { useEffect } from 'react';
import { ChatPane } from './chat/ChatPane';
import { RequestDialog } from './dialogs/RequestDialog';
import { RunView } from './run-view/RunView';
import { RunsList } from './runs/RunsList';
import { SettingsPanel } from './settings/SettingsPanel';
import { ErrorBanner } from './shell/ErrorBanner';
import { InterruptedBanner } from './shell/InterruptedBanner';
import { TopBar } from './shell/TopBar';
import { followAddress } from './state/address';
import { useApi } from './state/api-context';
import { followNotices } from './state/follow-notices';
import { loadInterrupted, loadPending, usePendingFor } from './state/pending-store';
import { loadFinishedStats } from './state/run-stats';
import { loadRuns, useRuns } from './state/runs-store';
import { loadSettings } from './state/settings-store';
import { showRequest, useView } from './state/view-store';

/** The window: runs on the left, the chat, then the open run's graph, replay and inspector. */
export function App() {
  const api = useApi();

  useEffect(() => {
    const stopNotices = followNotices(api);
    const stopAddress = followAddress();
    void loadRuns(api);
    void loadPending(api);
    void loadInterrupted(api);
    void loadSettings(api);
    return () => {
      stopNotices();
      stopAddress();
    };
  }, [api]);

  const runs = useRuns((state) => state.runs);
  useEffect(() => {
    void loadFinishedStats(api, runs);
  }, [api, runs]);

  useOpenRequestOfOpenRun();

  return (
    <div className="app">
      <TopBar />
      <InterruptedBanner />
      <ErrorBanner />
      <main className="panes">
        <RunsList />
        <ChatPane />
        <RunView />
      </main>
      <RequestDialog />
      <SettingsPanel />
    </div>
  );
}

/** A request of the run the person is looking at opens its dialog, unless they closed it before. */
function useOpenRequestOfOpenRun(): void {
  const openRunId = useView((state) => state.openRunId);
  const pending = usePendingFor(openRunId);
  const requestId = pending?.request.requestId;
  const dismissed = useView((state) => (requestId ? state.dismissedRequests.has(requestId) : false));
  const dialogOpen = useView((state) => state.dialogRunId !== undefined || state.settingsOpen);
  useEffect(() => {
    if (pending && !dismissed && !dialogOpen) showRequest(pending.runId);
  }, [pending, dismissed, dialogOpen]);
}
