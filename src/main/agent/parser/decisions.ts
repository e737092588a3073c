import type { Decision } from '../../../shared/decision';

const EXCERPT_CHARS = 200;
const REASON_CHARS = 500;

/** What the content parsers share: the run's tool names, when the caller knows them. */
export interface ParseContext {
  toolNames: ReadonlySet<string> | undefined;
}

/** Decisions read from one format in the content, and the text the model wrote before them. */
export interface FormatResult {
  decisions: Decision[];
  lead: string;
}

/** Where a decision came from, and the native call id it answers. */
export interface Origin {
  source: 'native' | 'content';
  callId?: string;
}

function cut(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max).trimEnd()}…`;
}

function excerpt(text: string): string {
  return cut(text, EXCERPT_CHARS);
}

/** A model's stated reason, trimmed to what is worth keeping; undefined when there is none. */
export function statedReason(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const reason = cut(value, REASON_CHARS);
  return reason === '' ? undefined : reason;
}

function withOrigin(decision: Decision, origin: Origin | undefined): Decision {
  if (origin === undefined) return decision;
  if (origin.callId !== undefined) decision.callId = origin.callId;
  decision.source = origin.source;
  return decision;
}

export function toolCall(
  toolName: string,
  args: Record<string, unknown>,
  origin: Origin,
  reason?: string,
): Decision {
  const decision: Decision = { type: 'tool_call', toolName, arguments: args };
  if (reason !== undefined) decision.reason = reason;
  return withOrigin(decision, origin);
}

export function finalAnswer(content: string, reason?: string): Decision {
  const decision: Decision = { type: 'final_answer', content };
  if (reason !== undefined) decision.reason = reason;
  return decision;
}

export function askUser(question: string, reason?: string, origin?: Origin): Decision {
  const decision: Decision = { type: 'ask_user', content: question };
  if (reason !== undefined) decision.reason = reason;
  return withOrigin(decision, origin);
}

/** `reason` says what is wrong, in words the model can act on; `raw` is the text it is about. */
export function invalid(reason: string, raw: string, origin?: Origin): Decision {
  return withOrigin({ type: 'invalid', reason, content: excerpt(raw) }, origin);
}

/** Gives the model's reason to decisions that stated none; invalid ones keep their diagnosis. */
export function withFallbackReason(decisions: Decision[], reason: string | undefined): Decision[] {
  if (reason === undefined) return decisions;
  for (const decision of decisions) {
    if (decision.type !== 'invalid' && decision.reason === undefined) decision.reason = reason;
  }
  return decisions;
}

/** A readable form of a JSON-ish value for answer text. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}
