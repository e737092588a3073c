import { ASK_USER_TOOL, type Decision } from '../../../shared/decision';
import { normalizeArguments } from './arguments';
import {
  askUser,
  asText,
  finalAnswer,
  invalid,
  type Origin,
  type ParseContext,
  statedReason,
  toolCall,
} from './decisions';

/**
 * Reads a JSON value a model wrote as one or more decisions, whatever the field names drifted to.
 * Returns null when the value is not a decision at all (the model answered with a data object).
 */

type Kind = 'tool' | 'final' | 'ask';

const TYPE_WORDS: Record<string, Kind> = {
  tool_call: 'tool',
  tool: 'tool',
  call: 'tool',
  function: 'tool',
  function_call: 'tool',
  tool_use: 'tool',
  use_tool: 'tool',
  call_tool: 'tool',
  action: 'tool',
  final_answer: 'final',
  final: 'final',
  answer: 'final',
  finish: 'final',
  final_response: 'final',
  respond: 'final',
  ask_user: 'ask',
  ask: 'ask',
  question: 'ask',
  ask_human: 'ask',
  clarify: 'ask',
  clarification: 'ask',
};

// Compared after normalizeWord and with underscores read as spaces.
const FINAL_TOOL_NAMES = new Set(['final answer', 'finalanswer', 'finish', 'final']);
const ASK_TOOL_NAMES = new Set(['ask user', 'ask human', 'askuser', 'ask']);
const STRONG_NAME_KEYS = ['tool_name', 'toolName', 'tool'] as const;
const WEAK_NAME_KEYS = ['name', 'action'] as const;
const NESTED_CALL_KEYS = ['function', 'function_call', 'tool_call', 'call', 'tool'] as const;
const ARGUMENT_KEYS = [
  'arguments',
  'args',
  'parameters',
  'params',
  'action_input',
  'input',
  'tool_input',
  'tool_args',
  'kwargs',
] as const;
const REASON_KEYS = ['reason', 'reasoning', 'thought', 'thoughts', 'thinking', 'rationale'] as const;
const ANSWER_KEYS = ['content', 'answer', 'final_answer', 'response', 'text', 'message', 'output'] as const;
const QUESTION_KEYS = ['question', 'content', 'text', 'message', 'query'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeWord(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function firstPresent(obj: JsonObject, keys: readonly string[]): { key: string; value: unknown } | undefined {
  for (const key of keys) {
    if (Object.hasOwn(obj, key) && obj[key] !== undefined) return { key, value: obj[key] };
  }
  return undefined;
}

function firstText(obj: JsonObject, keys: readonly string[]): string | undefined {
  const found = firstPresent(obj, keys);
  if (found === undefined || found.value === null) return undefined;
  const text = asText(found.value).trim();
  return text === '' ? undefined : text;
}

/** The call a JSON object names: its tool, its arguments (if any field held them) and how sure we are. */
interface NamedCall {
  name: unknown;
  args: { value: unknown } | undefined;
  strong: boolean;
}

function namedCall(obj: JsonObject): NamedCall | undefined {
  const args = firstPresent(obj, ARGUMENT_KEYS);
  const argsOf = (source: JsonObject | undefined): { value: unknown } | undefined => {
    const found = source === undefined ? undefined : firstPresent(source, ARGUMENT_KEYS);
    if (found !== undefined) return { value: found.value };
    return args === undefined ? undefined : { value: args.value };
  };
  for (const key of NESTED_CALL_KEYS) {
    const nested = obj[key];
    if (isObject(nested)) {
      const inner = firstPresent(nested, [...STRONG_NAME_KEYS, ...WEAK_NAME_KEYS]);
      return { name: inner?.value, args: argsOf(nested), strong: true };
    }
    if (key === 'function' && typeof nested === 'string') {
      return { name: nested, args: argsOf(undefined), strong: true };
    }
  }
  const strong = firstPresent(obj, STRONG_NAME_KEYS);
  if (strong !== undefined) return { name: strong.value, args: argsOf(undefined), strong: true };
  const weak = firstPresent(obj, WEAK_NAME_KEYS);
  if (weak !== undefined) return { name: weak.value, args: argsOf(undefined), strong: false };
  return undefined;
}

function kindOf(obj: JsonObject): Kind | undefined {
  for (const key of ['type', 'decision']) {
    const word = normalizeWord(obj[key]);
    if (word !== undefined && TYPE_WORDS[word] !== undefined) return TYPE_WORDS[word];
  }
  return undefined;
}

function answerFrom(obj: JsonObject, reason: string | undefined, call: NamedCall | undefined): Decision {
  const text =
    firstText(obj, ANSWER_KEYS) ?? (call?.args === undefined ? undefined : argsAsText(call.args.value));
  if (text === undefined) return invalid('the final_answer decision has no content', asText(obj));
  return finalAnswer(text, reason);
}

function questionFrom(obj: JsonObject, reason: string | undefined, call: NamedCall | undefined): Decision {
  const fromArgs = isObject(call?.args?.value) ? firstText(call.args.value, QUESTION_KEYS) : undefined;
  const text = firstText(obj, QUESTION_KEYS) ?? fromArgs ?? argsAsText(call?.args?.value);
  if (text === undefined) return invalid('the ask_user decision has no question', asText(obj));
  return askUser(text, reason);
}

function argsAsText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (isObject(value)) {
    const inner = firstText(value, ['answer', 'content', 'text', 'question', 'message', 'output', 'result']);
    if (inner !== undefined) return inner;
  }
  const text = asText(value).trim();
  return text === '' || text === '{}' ? undefined : text;
}

/**
 * Builds the decision for a call to `name`, whose arguments arrived as `args` (any shape). Only
 * tool calls say they came from the content; a native call's id and source stay on every decision
 * made from it, so the loop can answer that call whatever became of it.
 */
export function callDecision(
  name: unknown,
  args: unknown,
  origin: Origin,
  raw: string,
  reason?: string,
): Decision {
  const other = origin.source === 'native' ? origin : undefined;
  if (typeof name !== 'string' || name.trim() === '') {
    const missing = name === undefined || name === null || name === '';
    return invalid(missing ? 'the tool call names no tool' : 'the tool name is not a string', raw, other);
  }
  const toolName = name.trim();
  const normalized = normalizeArguments(args);
  if (!normalized.ok) {
    return invalid(`the arguments for tool "${toolName}" ${normalized.problem}`, raw, other);
  }
  if (toolName !== ASK_USER_TOOL) return toolCall(toolName, normalized.args, origin, reason);
  const question = firstText(normalized.args, QUESTION_KEYS);
  if (question === undefined) {
    return invalid(`the ${ASK_USER_TOOL} call has no "question" argument`, raw, other);
  }
  return askUser(question, reason, other);
}

function interpretObject(obj: JsonObject, ctx: ParseContext): Decision[] | null {
  const nativeList = obj.tool_calls;
  if (Array.isArray(nativeList) && nativeList.length > 0) return interpretJson(nativeList, ctx);

  const reason = statedReason(firstPresent(obj, REASON_KEYS)?.value);
  const kind = kindOf(obj);
  const call = namedCall(obj);
  const word = normalizeWord(call?.name)?.replace(/_/g, ' ');
  const isKnownTool = typeof call?.name === 'string' && ctx.toolNames?.has(call.name.trim()) === true;

  if (kind === 'final') return [answerFrom(obj, reason, call)];
  if (kind === 'ask') return [questionFrom(obj, reason, call)];
  if (call !== undefined && word !== undefined && !isKnownTool) {
    if (FINAL_TOOL_NAMES.has(word)) return [answerFrom(obj, reason, call)];
    if (ASK_TOOL_NAMES.has(word)) return [questionFrom(obj, reason, call)];
  }
  if (call !== undefined && (call.strong || call.args !== undefined || kind === 'tool' || isKnownTool)) {
    return [callDecision(call.name, call.args?.value, { source: 'content' }, asText(obj), reason)];
  }
  if (kind === 'tool') return [invalid('the tool call names no tool', asText(obj))];
  return interpretShorthand(obj, ctx, reason);
}

/** `{"search": {"q": "x"}}` when search is a tool; `{"final_answer": "…"}`; `{"ask_user": "…"}`. */
function interpretShorthand(
  obj: JsonObject,
  ctx: ParseContext,
  reason: string | undefined,
): Decision[] | null {
  const keys = Object.keys(obj).filter((key) => !(REASON_KEYS as readonly string[]).includes(key));
  if (keys.length !== 1) return null;
  const key = keys[0] as string;
  const value = obj[key];
  if (ctx.toolNames?.has(key)) return [callDecision(key, value, { source: 'content' }, asText(obj), reason)];
  if (key === 'final_answer' && typeof value === 'string' && value.trim() !== '') {
    return [finalAnswer(value.trim(), reason)];
  }
  if (key === ASK_USER_TOOL && typeof value === 'string' && value.trim() !== '') {
    return [askUser(value.trim(), reason)];
  }
  return null;
}

/** Decisions a parsed JSON value stands for, or null when it is plain data. */
export function interpretJson(value: unknown, ctx: ParseContext): Decision[] | null {
  if (isObject(value)) return interpretObject(value, ctx);
  if (!Array.isArray(value)) return null;
  const decisions: Decision[] = [];
  for (const item of value) {
    const found = isObject(item) ? interpretObject(item, ctx) : null;
    if (found !== null) decisions.push(...found);
  }
  return decisions.length > 0 ? decisions : null;
}
