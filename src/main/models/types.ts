import type { AssistantMessage } from '../../shared/decision';
import type { ModelInfo, TokenUsage } from '../../shared/events';

/** A message of the chat API as we send it. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function offered to the model, in the chat API's shape. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ModelRequest {
  messages: ChatMessage[];
  /** Absent in JSON mode: the tools are described in the system prompt instead. */
  tools?: ToolSpec[];
  signal?: AbortSignal;
  /** Streamed text as it arrives (for live display); the reply still carries the whole text. */
  onText?: (delta: string) => void;
  /** `replan`: a request for the model's plan, not for its next step. */
  purpose?: 'replan';
}

export interface ModelReply {
  message: AssistantMessage;
  usage: TokenUsage;
  finishReason?: string;
}

/**
 * Why a model call failed, sorted by what the caller should do:
 * retry (rate_limited, server, timeout, network), fall back to JSON mode (tools_unsupported),
 * stop the run and say what to fix (configuration), or stop quietly (cancelled).
 */
export type ModelFailureKind =
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'tools_unsupported'
  | 'configuration'
  | 'bad_request'
  | 'cancelled';

export interface ModelFailure {
  kind: ModelFailureKind;
  message: string;
  status?: number;
  /** From Retry-After / retry-after-ms, when the server said how long to wait. */
  retryAfterMs?: number;
}

export type ModelResult = { ok: true; reply: ModelReply } | { ok: false; failure: ModelFailure };

/** The one thing the loop needs from a model. Never rejects: failures are values. */
export interface ModelClient {
  readonly info: ModelInfo;
  complete(request: ModelRequest): Promise<ModelResult>;
  /** For recorded models: the run being continued already holds this many replies. */
  continueAfter?(replies: number): void;
}

export function isRetryable(kind: ModelFailureKind): boolean {
  return kind === 'rate_limited' || kind === 'server' || kind === 'timeout' || kind === 'network';
}
