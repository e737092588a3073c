import { contextBridge, ipcRenderer } from 'electron';
import { HERMES_CALLS, type HermesApi, ipcChannel } from '../shared/api';

// One function per contract call and nothing else: the page gets no way to name a channel itself.
const api = Object.fromEntries(
  HERMES_CALLS.map((name) => [name, (request: unknown) => ipcRenderer.invoke(ipcChannel(name), request)]),
) as HermesApi;

contextBridge.exposeInMainWorld('hermes', api);
