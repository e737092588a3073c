import type { Decision } from '../../../shared/decision';
import { type FormatResult, invalid, type Origin, type ParseContext } from './decisions';
import { callDecision, interpretJson } from './interpret';
import { findFences, scanJson } from './json-scan';
import { describeMissing } from './lenient-json';
import { looksLikePythonCall, type PythonRead, readPythonCalls } from './pythonic';

/**
 * Calls written as code: Llama 3.1 `<|python_tag|>{"name", "parameters"}` (or Llama 3.3's
 * `<|python_tag|>fn(a=1)`), Gemma's ```tool_code fences, and Llama 3.2's bare `[fn(a=1), g(b=2)]`.
 */

const PYTHON_TAG = '<|python_tag|>';
const CODE_FENCE_LANGS = new Set(['tool_code', 'tool_call', 'tool_calls', 'function_call']);
const CONTENT: Origin = { source: 'content' };

function fromPython(read: PythonRead, raw: string): Decision[] {
  if (read.ok) return read.calls.map((call) => callDecision(call.name, call.args, CONTENT, raw));
  return [invalid(read.truncated ? `the tool call is truncated: ${read.problem}` : read.problem, raw)];
}

function pythonTagDecisions(code: string, ctx: ParseContext): Decision[] {
  const body = code.trim();
  if (body === '') return [invalid('the tool call is truncated: nothing follows <|python_tag|>', code)];
  if (!body.startsWith('{') && !body.startsWith('[') && looksLikePythonCall(body)) {
    return fromPython(readPythonCalls(body), body);
  }
  const scan = scanJson(body);
  const decisions: Decision[] = [];
  for (const found of scan.values) decisions.push(...(interpretJson(found.value, ctx) ?? []));
  if (scan.cut !== undefined) {
    const missing = describeMissing(scan.cut.failure.closers);
    decisions.push(invalid(`the tool call is truncated: the JSON after <|python_tag|> is ${missing}`, body));
  }
  if (decisions.length > 0) return decisions;
  if (looksLikePythonCall(body)) return fromPython(readPythonCalls(body), body);
  return [invalid('the text after <|python_tag|> is neither a JSON tool call nor a function call', body)];
}

/** `<|python_tag|>…`; null when the marker is absent. */
export function parsePythonTag(text: string, ctx: ParseContext): FormatResult | null {
  const at = text.indexOf(PYTHON_TAG);
  if (at < 0) return null;
  return { decisions: pythonTagDecisions(text.slice(at + PYTHON_TAG.length), ctx), lead: text.slice(0, at) };
}

/** ```tool_code fences (Gemma and others); null when there is none. */
export function parseToolCodeFences(text: string): FormatResult | null {
  const fences = findFences(text).filter((fence) => CODE_FENCE_LANGS.has(fence.lang));
  const first = fences[0];
  if (first === undefined) return null;
  const decisions: Decision[] = [];
  for (const fence of fences) {
    const body = fence.body.trim();
    if (!fence.closed && !looksLikePythonCall(body)) {
      decisions.push(
        invalid(`the tool call is truncated: the \`\`\`${fence.lang} block is not closed`, body),
      );
    } else if (body.startsWith('{') || body.startsWith('[{')) {
      return null;
    } else {
      decisions.push(...fromPython(readPythonCalls(body), body));
    }
  }
  return { decisions, lead: text.slice(0, first.start) };
}

/**
 * A reply that is nothing but calls in Python syntax: `[get_weather(city="Paris")]` (Llama 3.2), or
 * `get_weather(city="Paris")` when get_weather is one of the run's tools. Prose never matches.
 */
export function parseBareCalls(text: string, ctx: ParseContext): FormatResult | null {
  const body = text.trim();
  if (!looksLikePythonCall(body)) return null;
  const read = readPythonCalls(body);
  if (!read.ok) return null;
  const listed = body.startsWith('[');
  const known = read.calls.every((call) => ctx.toolNames?.has(call.name) === true);
  if (!listed && !known) return null;
  return { decisions: fromPython(read, body), lead: '' };
}
