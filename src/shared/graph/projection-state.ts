import type { EventOf, HermesEvent } from '../events';
import { GraphStore } from './graph-store';

/** One round as the projection has seen it so far. */
export interface RoundState {
  nodeId: string;
  decisions: EventOf<'decision'>[];
  /** How many of `decisions` already have their tool nodes. */
  placed: number;
  requests: Record<string, unknown>[];
  retries: Record<string, unknown>[];
  response?: Record<string, unknown>;
}

/** Everything the builder remembers between events; every lookup is a map, so each event is O(1). */
export interface ProjectionState {
  store: GraphStore;
  runId?: string;
  rounds: Map<number, RoundState>;
  /** The round whose decisions are still arriving: its tool nodes are placed once they are complete. */
  batch?: number;
  /** Tool node of each call, by `round:callId`. */
  tools: Map<string, string>;
  /** Newest tool node of each call id and of each tool name (approvals and notices name no round). */
  toolByCallId: Map<string, string>;
  toolByName: Map<string, string>;
  /** Request node and, for an approval, its tool node, by request id. */
  requests: Map<string, { nodeId: string; toolId?: string }>;
  /** The request node the current pause belongs to, or the notice drawn for a pause without one. */
  pendingRequest?: string;
  pausedRequest?: string;
  pauseNotice?: string;
}

export function createState(columnX: number): ProjectionState {
  return {
    store: new GraphStore(columnX),
    rounds: new Map(),
    tools: new Map(),
    toolByCallId: new Map(),
    toolByName: new Map(),
    requests: new Map(),
  };
}

/** An event's payload without its envelope, for the inspector. */
export function payloadOf(event: HermesEvent): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (key !== 'runId' && key !== 'seq' && key !== 'ts' && key !== 'type') data[key] = value;
  }
  return data;
}
