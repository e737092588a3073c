import { create } from 'zustand';

interface ViewState {
  /** The run the chat, graph and inspector show; undefined for a new conversation. */
  openRunId: string | undefined;
  selectedNodeId: string | undefined;
  settingsOpen: boolean;
  /** The run whose waiting request is shown in a dialog. */
  dialogRunId: string | undefined;
  /** Requests whose dialog the person closed: not opened again by themselves, still in the runs list. */
  dismissedRequests: ReadonlySet<string>;
}

export const useView = create<ViewState>()(() => ({
  openRunId: undefined,
  selectedNodeId: undefined,
  settingsOpen: false,
  dialogRunId: undefined,
  dismissedRequests: new Set<string>(),
}));

export function openRun(runId: string | undefined): void {
  if (useView.getState().openRunId === runId) return;
  useView.setState({ openRunId: runId, selectedNodeId: undefined });
}

export function selectNode(nodeId: string | undefined): void {
  useView.setState({ selectedNodeId: nodeId });
}

export function setSettingsOpen(open: boolean): void {
  useView.setState({ settingsOpen: open });
}

export function showRequest(runId: string): void {
  useView.setState({ dialogRunId: runId });
}

/** Closes a request's dialog; the request itself stays pending and listed. */
export function closeRequest(requestId: string | undefined): void {
  useView.setState((state) => ({
    dialogRunId: undefined,
    dismissedRequests: requestId ? new Set([...state.dismissedRequests, requestId]) : state.dismissedRequests,
  }));
}
