import type { AssistantMessage, Decision } from '../../../shared/decision';
import { parseBareCalls, parsePythonTag, parseToolCodeFences } from './code-calls';
import {
  type FormatResult,
  finalAnswer,
  invalid,
  type ParseContext,
  statedReason,
  withFallbackReason,
} from './decisions';
import { parseJsonContent, parseWholeJson } from './json-content';
import { parseMistralCalls } from './mistral';
import { parseNativeCalls } from './native';
import { parseReactText } from './react-text';
import { parseTaggedCalls } from './tags';
import { splitThinking, type ThinkingSplit } from './think';

/** What the caller knows about the run; tool names help tell a call from a data object. */
export interface ParseOptions {
  toolNames?: readonly string[];
}

/** A message read defensively: whatever arrived, these are the only parts the parser uses. */
interface RawMessage {
  content: string;
  toolCalls: unknown[];
  reasoning: string | undefined;
}

// Calls written in the content beyond this many are runaway output, not a plan (native calls are
// left alone: each carries an id the loop must answer).
const MAX_DECISIONS = 100;
const END_TOKENS = [
  '<|eot_id|>',
  '<|eom_id|>',
  '<|im_end|>',
  '<|end|>',
  '<|endoftext|>',
  '<end_of_turn>',
  '</s>',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  // OpenAI content parts: [{type: 'text', text: '…'}, …]
  return content
    .map((part) =>
      typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

function readMessage(message: unknown): RawMessage {
  if (typeof message === 'string') return { content: message, toolCalls: [], reasoning: undefined };
  if (!isRecord(message)) return { content: '', toolCalls: [], reasoning: undefined };
  const calls = message.tool_calls;
  let toolCalls: unknown[] = [];
  if (Array.isArray(calls)) toolCalls = calls;
  else if (isRecord(calls)) toolCalls = [calls];
  else if (isRecord(message.function_call)) toolCalls = [{ function: message.function_call }];
  const reasoning = [message.reasoning, message.reasoning_content].find((value) => typeof value === 'string');
  return { content: contentText(message.content), toolCalls, reasoning: reasoning as string | undefined };
}

function stripEndTokens(text: string): string {
  let result = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const token of END_TOKENS) {
      if (result.endsWith(token)) {
        result = result.slice(0, -token.length).trimEnd();
        changed = true;
      }
    }
  }
  return result;
}

function emptyReply(raw: string, split: ThinkingSplit): Decision {
  if (split.unclosed) {
    return invalid(
      'the reply ended inside a <think> block, before any answer or tool call (it may have hit the length limit)',
      raw,
    );
  }
  if (split.thought !== '') {
    return invalid('the reply holds only <think> reasoning and no answer or tool call', raw);
  }
  return invalid('the reply was empty', raw);
}

const CONTENT_FORMATS: ReadonlyArray<(text: string, ctx: ParseContext) => FormatResult | null> = [
  parseWholeJson,
  parseMistralCalls,
  parseTaggedCalls,
  parsePythonTag,
  parseToolCodeFences,
  parseReactText,
  parseJsonContent,
  parseBareCalls,
];

function parseContent(text: string, ctx: ParseContext): FormatResult | null {
  for (const format of CONTENT_FORMATS) {
    const found = format(text, ctx);
    if (found !== null && found.decisions.length > 0) return found;
  }
  return null;
}

function capped(decisions: Decision[], raw: string): Decision[] {
  if (decisions.length <= MAX_DECISIONS) return decisions;
  const reason = `the reply holds ${decisions.length} tool calls or call attempts; send at most ${MAX_DECISIONS} per reply`;
  return [invalid(reason, raw)];
}

function parseMessage(message: unknown, options: ParseOptions | undefined): Decision[] {
  const toolNames = Array.isArray(options?.toolNames) ? new Set(options.toolNames) : undefined;
  const ctx: ParseContext = { toolNames };
  const raw = readMessage(message);
  const split = splitThinking(raw.content);
  const thought = statedReason(split.thought) ?? statedReason(raw.reasoning);
  const body = stripEndTokens(split.body);
  if (raw.toolCalls.length > 0) {
    return withFallbackReason(parseNativeCalls(raw.toolCalls), thought ?? statedReason(body));
  }
  if (body === '') return [emptyReply(raw.content, split)];
  const found = parseContent(body, ctx);
  if (found !== null) {
    return capped(withFallbackReason(found.decisions, thought ?? statedReason(found.lead)), body);
  }
  return [finalAnswer(body, thought)];
}

/**
 * Turns one assistant message into the decisions it amounts to: native tool calls, calls written in
 * the content in any of the common model formats, a final answer, a question for the person, or
 * `invalid` with a reason the model can act on. Never throws; always returns at least one decision.
 */
export function parseDecisions(message: AssistantMessage, options?: ParseOptions): Decision[] {
  try {
    return parseMessage(message, options);
  } catch (error) {
    // Only a parser bug lands here; the run goes on and the model is asked to reply again.
    return [invalid(`the reply could not be read (${describeError(error)})`, '')];
  }
}

function describeError(error: unknown): string {
  try {
    return String(error instanceof Error ? error.message : error).slice(0, 200);
  } catch {
    return 'unreadable error';
  }
}
