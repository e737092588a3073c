import { createRequire } from 'node:module';
import type { ChatMessage, ToolSpec } from '../models/types';

/** Counts tokens the way a model's tokenizer would, or over-estimates them when the tokenizer is unknown. */
export interface TokenCounter {
  /** True when counts come from the model's own tokenizer (OpenAI families), false for the estimate. */
  exact: boolean;
  count(text: string): number;
  /** A whole request: messages with their per-message overhead, tool calls, and the tool definitions. */
  countMessages(messages: ChatMessage[], tools?: ToolSpec[]): number;
}

type EncodingName = 'o200k_base' | 'cl100k_base';
type Encoding = typeof import('gpt-tokenizer/encoding/o200k_base');

// From OpenAI's cookbook (How_to_count_tokens_with_tiktoken): each message is wrapped in
// <|start|>{role}<|message|>…<|end|>, and every reply is primed with <|start|>assistant<|message|>.
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;
// The cookbook's figures for function calling: a few tokens around each call and around the tool list.
const TOKENS_PER_TOOL_CALL = 4;
const TOKENS_FOR_TOOLS = 12;

/** The encoding an OpenAI model uses, or undefined for models whose tokenizer we do not have. */
export function openAiEncoding(model: string): EncodingName | undefined {
  const name = (model.split('/').pop() ?? '').trim().toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt-|o[134](-|$))/.test(name)) return 'o200k_base';
  if (/^(gpt-4(-|$)|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return undefined;
}

const loaded = new Map<EncodingName, Encoding>();

// Synchronous and lazy: each encoding's rank table is megabytes, so only the one a run needs is loaded,
// and only when its first counter is made.
function loadEncoding(name: EncodingName): Encoding {
  const cached = loaded.get(name);
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const encoding: Encoding =
    name === 'o200k_base'
      ? require('gpt-tokenizer/encoding/o200k_base')
      : require('gpt-tokenizer/encoding/cl100k_base');
  loaded.set(name, encoding);
  return encoding;
}

// Tool output may contain the tokenizer's special-token strings; they are counted as plain text.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// The BPE merge is quadratic in the length of one pre-tokenized piece (100 KB of one letter, one space
// run or CJK text without spaces takes seconds). Such runs are counted in short chunks instead, which can
// only add a token or so per chunk: a slight over-count, never an under-count worth noticing.
const LONG_RUN = /[\p{L}\p{M}]{128,}|[^\s\p{L}\p{N}]{128,}|\s{128,}/gu;
const CHUNK = 64;

function exactCount(encoding: Encoding, text: string): number {
  let total = 0;
  let from = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    const start = match.index;
    if (start > from) total += encoding.countTokens(text.slice(from, start), PLAIN_TEXT);
    const run = match[0];
    for (let i = 0; i < run.length; i += CHUNK)
      total += encoding.countTokens(run.slice(i, i + CHUNK), PLAIN_TEXT);
    from = start + run.length;
  }
  if (from < text.length) total += encoding.countTokens(from ? text.slice(from) : text, PLAIN_TEXT);
  return total;
}

/**
 * For models whose tokenizer we do not have. Meant to over-count: three ASCII characters per token is
 * fewer than any common tokenizer packs into one, digits are a token each (Llama 2, Qwen and others split
 * numbers into digits), and anything outside ASCII is a token per UTF-16 unit.
 */
export function estimateTokens(text: string): number {
  let plain = 0;
  let heavy = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || (code >= 48 && code <= 57)) heavy++;
    else plain++;
  }
  return Math.ceil(plain / 3) + heavy;
}

function messageText(message: ChatMessage): { text: string; calls: { name: string; arguments: string }[] } {
  if (message.role === 'assistant') {
    return {
      text: message.content ?? '',
      calls: (message.tool_calls ?? []).map((call) => call.function),
    };
  }
  if (message.role === 'tool') return { text: `${message.tool_call_id}\n${message.content}`, calls: [] };
  return { text: message.content, calls: [] };
}

/** A counter for `model`: the model's tokenizer for OpenAI families, otherwise a conservative estimate. */
export function createTokenCounter(model: string): TokenCounter {
  const encodingName = openAiEncoding(model);
  const encoding = encodingName ? loadEncoding(encodingName) : undefined;
  const count = encoding ? (text: string) => exactCount(encoding, text) : estimateTokens;
  return {
    exact: encoding !== undefined,
    count,
    countMessages(messages, tools) {
      let total = TOKENS_PER_REPLY;
      for (const message of messages) {
        const { text, calls } = messageText(message);
        total += TOKENS_PER_MESSAGE + count(message.role) + count(text);
        for (const call of calls) total += TOKENS_PER_TOOL_CALL + count(call.name) + count(call.arguments);
      }
      if (tools?.length) total += TOKENS_FOR_TOOLS + count(JSON.stringify(tools));
      return total;
    },
  };
}
