import { createContext, type ReactNode, useContext } from 'react';
import type { ConnectedApi } from '../api/connect';

const ApiContext = createContext<ConnectedApi | undefined>(undefined);

export function ApiProvider({ api, children }: { api: ConnectedApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The contract this window talks to (preload bridge or HTTP). */
export function useApi(): ConnectedApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
