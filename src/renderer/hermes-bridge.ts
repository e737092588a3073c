import type { HermesApi } from '../shared/api';

declare global {
  interface Window {
    /** Set by the preload script in the desktop app; absent in a plain browser. */
    hermes?: HermesApi;
  }
}

/** The API the desktop app's preload exposes, if this page runs inside it. */
export function bridgedApi(): HermesApi | undefined {
  return window.hermes;
}
