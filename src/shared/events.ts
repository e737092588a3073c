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
  /** The largest share of the context window one request filled (0–1). */
  peakContextShare: number;
}

/** How a run treats tool calls that need approval: ask a person, allow them, or refuse them. */
export const APPROVAL_MODES = ['ask', 'auto', 'deny'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** How a run manages its context window (DESIGN.md §4). */
export interface ContextSettings {
  /** The model's context window, in tokens. */
  windowTokens: number;
  /** The share of the window a request may fill (0–1). */
  targetShare: number;
  /** Replan every this many rounds (0: only after evictions). */
  replanEvery: number;
}
export type EscalationMode = 'ask' | 'fail';
export type Escalation = 'round_limit' | 'loop' | 'tool_disabled';

/** How the model is asked: native function calling, or JSON decisions in content. */
export type ModelMode = 'native' | 'json';

export type ToolFailureKind =
  | 'validation'
  | 'unknown_tool'
  | 'disabled'
  | 'policy'
  | 'denied'
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
    /** How tool calls that need approval are treated; kept so a resumed run behaves the same. */
    approvals: ApprovalMode;
    /** Whether a round limit, a loop or a disabled tool asks the person or ends the run. */
    escalation: EscalationMode;
    /** The context window the run manages: its size, the share of it a request may fill, replanning. */
    context: ContextSettings;
    parentRunId?: string;
    forkedAtSeq?: number;
  };
  'model.request': {
    round: number;
    messageCount: number;
    /** Tokens sent, counted with the model's tokenizer where known, conservatively estimated otherwise. */
    tokenEstimate: number;
    /** tokenEstimate as a share of the context window (0–1). */
    share: number;
    mode: ModelMode;
  };
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
    /** `obs:<callId>` for a tool result, `reasoning:r<round>` for a reply's text, `plan` for the plan. */
    messageId: string;
    role: string;
    /** Tokens of the message after the change. */
    tokens: number;
    tokensBefore: number;
    reason: string;
    /** The plan's text, for `replan`. */
    content?: string;
    /** Who wrote the plan: the model, or a summary of the log when asking the model failed. */
    source?: 'model' | 'log';
  };
  'human.requested': {
    requestId: string;
    kind: 'question' | 'approval';
    /** The question, or for an approval why it is asked (the policy rule, or a crash mid-call). */
    question?: string;
    toolCall?: { callId: string; name: string; arguments: Record<string, unknown>; risk: string };
    /** Set when the run, not the model, asks: it hit a stop condition and the person may extend it. */
    escalation?: Escalation;
  };
  'human.responded': {
    requestId: string;
    kind: 'question' | 'approval';
    answer?: string;
    decision?: 'approved' | 'denied';
    /** Arguments the person changed before approving; the model's own stay in the decision event. */
    editedArguments?: Record<string, unknown>;
    /** `run`: approve this tool for the rest of the run; `always`: this tool with exactly these arguments. */
    scope?: 'once' | 'run' | 'always';
    reason?: string;
    /** Who answered, e.g. `cli`, `app`, `api`. */
    by: string;
    waitedMs: number;
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
