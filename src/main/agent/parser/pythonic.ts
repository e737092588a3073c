import { describeFailure, isIdentChar, isIdentStart, readJson } from './lenient-json';

/**
 * Reads tool calls written as Python calls — `get_weather(city="Paris", days=3)` — as Gemma's
 * ```tool_code blocks, Llama 3.2's `[f(a=1), g(b=2)]` lists and Llama 3.3 after `<|python_tag|>` do.
 */

/** One call read from Python syntax. */
export interface PythonCall {
  name: string;
  args: Record<string, unknown>;
}

export type PythonRead =
  | { ok: true; calls: PythonCall[] }
  | { ok: false; problem: string; truncated: boolean };

type CallRead =
  | { ok: true; call: PythonCall; end: number }
  | { ok: false; problem: string; truncated: boolean };
type ValueRead =
  | { ok: true; value: unknown; end: number }
  | { ok: false; problem: string; truncated: boolean };

const NAME_PREFIXES = ['default_api.', 'functions.', 'tools.'];
// Calls met as argument values (only `print(call(...))` is meaningful); kept apart from dict arguments.
const nestedCalls = new WeakSet<object>();

function skipBlank(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && ' \t\r\n'.includes(text[p] as string)) p++;
  return p;
}

function readDottedName(text: string, pos: number): { name: string; end: number } | undefined {
  if (!isIdentStart(text[pos])) return undefined;
  let p = pos;
  for (;;) {
    while (isIdentChar(text[p]) && text[p] !== '-') p++;
    if (text[p] === '.' && isIdentStart(text[p + 1])) p++;
    else break;
  }
  return { name: text.slice(pos, p), end: p };
}

function cleanName(name: string): string {
  let clean = name;
  for (const prefix of NAME_PREFIXES) {
    if (clean.startsWith(prefix)) clean = clean.slice(prefix.length);
  }
  return clean.endsWith('.call') ? clean.slice(0, -'.call'.length) : clean;
}

function cutOff(what: string): { ok: false; problem: string; truncated: true } {
  return { ok: false, problem: `${what} is cut off before its closing parenthesis`, truncated: true };
}

function readValue(text: string, pos: number, depth: number): ValueRead {
  const triple = text.startsWith('"""', pos) ? '"""' : text.startsWith("'''", pos) ? "'''" : undefined;
  if (triple !== undefined) {
    const close = text.indexOf(triple, pos + 3);
    if (close < 0) return { ok: false, problem: 'a triple-quoted string is not closed', truncated: true };
    return { ok: true, value: text.slice(pos + 3, close), end: close + 3 };
  }
  const nested = readDottedName(text, pos);
  if (nested !== undefined && text[skipBlank(text, nested.end)] === '(') {
    const call = readCall(text, pos, depth + 1);
    if (!call.ok) return call;
    nestedCalls.add(call.call);
    return { ok: true, value: call.call, end: call.end };
  }
  const read = readJson(text, pos);
  if (read.ok) return read;
  return { ok: false, problem: `a value is ${describeFailure(read)}`, truncated: read.kind === 'truncated' };
}

function isCall(value: unknown): value is PythonCall {
  return typeof value === 'object' && value !== null && nestedCalls.has(value);
}

function readCall(text: string, start: number, depth: number): CallRead {
  const head = readDottedName(text, start);
  if (head === undefined) return { ok: false, problem: 'expected a function name', truncated: false };
  let pos = skipBlank(text, head.end);
  if (text[pos] !== '(') {
    return { ok: false, problem: `"${head.name}" is not followed by "("`, truncated: false };
  }
  if (depth > 8) return { ok: false, problem: 'calls are nested too deeply', truncated: false };
  pos++;
  const named: Record<string, unknown> = {};
  const positional: unknown[] = [];
  for (;;) {
    pos = skipBlank(text, pos);
    if (pos >= text.length) return cutOff(`the call to ${head.name}`);
    if (text[pos] === ')') break;
    const key = readDottedName(text, pos);
    const afterKey = key === undefined ? pos : skipBlank(text, key.end);
    // Gemma 4 writes `name(key: value)`; Python writes `name(key=value)`.
    const sign = text[afterKey];
    const isKeyword = key !== undefined && (sign === ':' || (sign === '=' && text[afterKey + 1] !== '='));
    const valueStart = isKeyword ? skipBlank(text, afterKey + 1) : pos;
    const value = readValue(text, valueStart, depth);
    if (!value.ok) return value.truncated ? cutOff(`the call to ${head.name}`) : value;
    if (isKeyword && key !== undefined) {
      Object.defineProperty(named, key.name, {
        value: value.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      positional.push(value.value);
    }
    pos = skipBlank(text, value.end);
    if (text[pos] === ',') pos++;
    else if (pos < text.length && text[pos] !== ')') {
      return {
        ok: false,
        problem: `unexpected '${text[pos]}' in the call to ${head.name}`,
        truncated: false,
      };
    }
  }
  const end = pos + 1;
  const only = positional[0];
  if (head.name === 'print' && positional.length === 1 && isCall(only)) return { ok: true, call: only, end };
  const name = cleanName(head.name);
  if (positional.length === 0) return { ok: true, call: { name, args: named }, end };
  if (
    positional.length === 1 &&
    Object.keys(named).length === 0 &&
    typeof only === 'object' &&
    only !== null
  ) {
    if (!Array.isArray(only) && !isCall(only)) {
      return { ok: true, call: { name, args: only as Record<string, unknown> }, end };
    }
  }
  return {
    ok: false,
    problem: `the call to ${name} passes arguments by position; pass them by name (key=value)`,
    truncated: false,
  };
}

/**
 * Reads a whole text as a sequence of calls separated by newlines, commas or semicolons, optionally
 * inside one pair of brackets. Anything else in the text makes it not a call list.
 */
export function readPythonCalls(text: string): PythonRead {
  let body = text.trim();
  if (body.startsWith('[')) {
    if (!body.endsWith(']')) {
      return { ok: false, problem: 'the list of calls has no closing bracket', truncated: true };
    }
    body = body.slice(1, -1);
  }
  const calls: PythonCall[] = [];
  let pos = 0;
  for (;;) {
    pos = skipBlank(body, pos);
    while (body[pos] === ',' || body[pos] === ';') pos = skipBlank(body, pos + 1);
    if (pos >= body.length) break;
    const read = readCall(body, pos, 0);
    if (!read.ok) return read;
    calls.push(read.call);
    pos = read.end;
  }
  if (calls.length === 0) return { ok: false, problem: 'there is no call in it', truncated: false };
  return { ok: true, calls };
}

/** Whether a text starts like a Python call (`name(`), to decide if reading it is worth trying. */
export function looksLikePythonCall(text: string): boolean {
  const trimmed = text.trimStart();
  const body = trimmed.startsWith('[') ? trimmed.slice(1).trimStart() : trimmed;
  const head = readDottedName(body, 0);
  return head !== undefined && body[skipBlank(body, head.end)] === '(';
}
