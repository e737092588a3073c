import type { HermesApi } from '../../shared/api';
import { httpApi } from './http-api';
import type { ConnectionState } from './notice-stream';
import { accessToken } from './token';

declare global {
  interface Window {
    /** Set by the preload script in the desktop app; absent in a plain browser. */
    hermes?: HermesApi;
  }
}

/** The contract, plus whether notices are flowing (so the window can catch up after a gap). */
export type ConnectedApi = HermesApi & {
  onConnection(listener: (state: ConnectionState) => void): () => void;
};

/** The desktop app's preload bridge when present, else HTTP + SSE to the server that served this page. */
export function connectApi(): ConnectedApi {
  const bridged = window.hermes;
  if (bridged) return { ...bridged, onConnection: () => () => undefined };
  return httpApi(window.location.origin, accessToken(window.location, window.sessionStorage, window.history));
}
