import type { AssistantMessage, Decision, DecisionType } from './decision';

/** Model endpoint as recorded in a run. The API key is never part of it. */
export interface ModelInfo {
  provider: string;
  baseUrl: string;
  model: string;
}

export interface TokenUsage {
  prompt: number;
  completion: number;
}

export type RunStatus = 'running' | 'paused' | 'succeeded' | 'failed' | 'cancelled';
export type FinishedStatus = 'succeeded' | 'failed' | 'cancelled';

/** The report attached to `run.finished` (and shown by `hermes-studio show`). */
export interface RunReport {
  rounds: number;
  durationMs: number;
  tokens: TokenUsage & { total: number };
  toolCalls: number;
  toolCallsByName: Record<string, number>;
  toolFailures: number;
}

/** How the model is asked: native function calling, or JSON decisions in content. */
export type ModelMode = 'native' | 'json';

export type ToolFailureKind =
  | 'validation'
  | 'unknown_tool'
  | 'disabled'
  | 'policy'
  | 'timeout'
  | 'crashed'
  | 'error'
  | 'cancelled';

/** Payloads keyed by event type: the event vocabulary of DESIGN.md §3. */
export interface EventPayloads {
  'run.started': {
    task: string;
    model: ModelInfo;
    workspace: string;
    tools: string[];
    maxRounds: number;
    parentRunId?: string;
    forkedAtSeq?: number;
  };
  'model.request': { round: number; messageCount: number; tokenEstimate: number; mode: ModelMode };
  'model.response': {
    round: number;
    raw: AssistantMessage;
    usage: TokenUsage;
    latencyMs: number;
    finishReason?: string;
  };
  'model.retry': { round: number; attempt: number; error: string; status?: number; delayMs: number };
  /** The parsed decision; `kind` holds the decision's type, since `type` is the event's. */
  decision: Omit<Decision, 'type'> & { kind: DecisionType; round: number; index: number };
  'tool.started': { round: number; callId: string; name: string; arguments: Record<string, unknown> };
  'tool.finished': {
    round: number;
    callId: string;
    name: string;
    arguments: Record<string, unknown>;
    durationMs: number;
    /** Full, lossless tool output. */
    output: unknown;
    /** What entered the model's context. */
    observation: string;
    changedFiles?: string[];
  };
  'tool.failed': {
    round: number;
    callId: string;
    name: string;
    arguments: Record<string, unknown>;
    durationMs: number;
    error: string;
    kind: ToolFailureKind;
    observation: string;
  };
  'tool.disabled': { name: string; reason: string };
  'context.updated': {
    op: 'add' | 'evict' | 'compress' | 'summarize' | 'replan';
    messageId: string;
    role: string;
    tokens: number;
    reason: string;
  };
  'human.requested': {
    requestId: string;
    kind: 'question' | 'approval';
    question?: string;
    toolCall?: { callId: string; name: string; arguments: Record<string, unknown>; risk: string };
  };
  'human.responded': {
    requestId: string;
    kind: 'question' | 'approval';
    answer?: string;
    decision?: 'approved' | 'denied';
    editedArguments?: Record<string, unknown>;
    reason?: string;
  };
  'run.paused': { reason: string };
  'run.resumed': { reason: string };
  'run.finished': { status: FinishedStatus; answer?: string; error?: string; report: RunReport };
}

export type EventType = keyof EventPayloads;

/** An event as the store keeps it: `seq` starts at 1 and is contiguous per run. */
export type HermesEvent = {
  [K in EventType]: { runId: string; seq: number; ts: number; type: K } & EventPayloads[K];
}[EventType];

/** An event before the store has numbered it. */
export type NewEvent = {
  [K in EventType]: { type: K } & EventPayloads[K];
}[EventType];

export type EventOf<K extends EventType> = Extract<HermesEvent, { type: K }>;

/** A reference to a payload field the store keeps out of line; the API expands it on request. */
export interface BlobRef {
  $blob: string;
  bytes: number;
}

export function isBlobRef(value: unknown): value is BlobRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BlobRef).$blob === 'string' &&
    typeof (value as BlobRef).bytes === 'number'
  );
}

/** One row of the runs list. */
export interface RunSummary {
  runId: string;
  task: string;
  model: string;
  status: RunStatus;
  createdAt: number;
  updatedAt: number;
  lastSeq: number;
  parentRunId?: string;
}
