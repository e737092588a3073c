import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { HERMES_CALLS, type HermesApi, type HermesNotice, ipcChannel, NOTICE_CHANNEL } from '../shared/api';

// One function per contract call and one subscription, nothing else: the page gets no way to name a channel.
const calls = Object.fromEntries(
  HERMES_CALLS.map((name) => [name, (request: unknown) => ipcRenderer.invoke(ipcChannel(name), request)]),
) as Omit<HermesApi, 'subscribe'>;

const api: HermesApi = {
  ...calls,
  subscribe(listener) {
    // The page sees the notice only, never the IPC event (which would give it the sender).
    const forward = (_event: IpcRendererEvent, notice: HermesNotice) => listener(notice);
    ipcRenderer.on(NOTICE_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(NOTICE_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('hermes', api);
