import type { HermesCallName, HermesNotice, HermesParsedRequest, HermesResponse } from '../../shared/api';
import type { RunManager } from '../runs/run-manager';
import type { Runtime } from '../runs/runtime';
import type { SecretStore } from '../runs/secrets';

/** The implementation of every contract call, given requests that have already been parsed. */
export type HermesHandlers = {
  [K in HermesCallName]: (request: HermesParsedRequest<K>) => Promise<HermesResponse<K>>;
};

/** What the handlers work with: this process's runtime and run manager, and where config comes from. */
export interface HandlerDeps {
  runtime: Runtime;
  manager: RunManager;
  /** Who a person's answers are recorded as: `app` (the window) or `api` (HTTP). */
  by: 'app' | 'api';
  secrets: SecretStore;
  /** The environment config is read from (LLM_BASE_URL, LLM_API_KEY, ...). */
  env: NodeJS.ProcessEnv;
  /** Where a `.env` file is looked for. */
  cwd: string;
  /** The recording the demo plays; found next to the sources or the bundle when not given. */
  demoScript?: string;
  /** How often runs changed by other processes are looked for (ms). */
  pollMs?: number;
  /** Where failures of runs driven in the background are reported (never with a key in them). */
  log?: (line: string) => void;
}

/** The handlers, and the notices of this process's runs and of runs other processes change. */
export interface HermesService {
  handlers: HermesHandlers;
  subscribe(listener: (notice: HermesNotice) => void): () => void;
  /** Stops following the database; runs in progress go on. */
  close(): void;
}
