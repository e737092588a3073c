import type { HermesCallName, HermesParsedRequest, HermesResponse } from '../../shared/api';
import type { EventStore } from '../store/event-store';

/** The implementation of every contract call, given requests that have already been parsed. */
export type HermesHandlers = {
  [K in HermesCallName]: (request: HermesParsedRequest<K>) => HermesResponse<K>;
};

const DEFAULT_RUNS_LIMIT = 200;

/** Answers contract calls from the event store. Transport-free, so IPC and HTTP can share it. */
export function storeHandlers(store: EventStore): HermesHandlers {
  return {
    listRuns: (request) => store.runs({ ...request, limit: request.limit ?? DEFAULT_RUNS_LIMIT }),
    getRunEvents: ({ runId }) => store.events(runId, { expand: true }),
  };
}
