import type { Decision } from '../../../shared/decision';
import { type FormatResult, invalid, type Origin, type ParseContext } from './decisions';
import { callDecision, interpretJson } from './interpret';
import { findFences } from './json-scan';
import { describeFailure, describeMissing, isIdentChar, isIdentStart, readJson } from './lenient-json';
import { looksLikePythonCall, readPythonCalls } from './pythonic';
import { ForwardSearch } from './text-search';
import { attribute, coerceParameter, type Element, equalsName, findElements } from './xml-params';

/**
 * Tool calls wrapped in tags: Hermes/Qwen `<tool_call>{json}</tool_call>`, Qwen3-Coder's
 * `<function=name><parameter=key>value</parameter></function>`, Llama 3.1's `<function=name>{json}</function>`,
 * the `<function_calls><invoke name=…>` form, and the block markers of LFM2, Gemma 4 and MiniMax.
 */

const BLOCK_MARKERS: ReadonlyArray<readonly [string, string]> = [
  ['<tool_call>', '</tool_call>'],
  ['<|tool_call_start|>', '<|tool_call_end|>'],
  ['<|tool_call>', '<tool_call|>'],
  ['[tool_call]', '[/tool_call]'],
  ['<tool_code>', '</tool_code>'],
];
const CONTENT: Origin = { source: 'content' };

function truncatedCall(what: string, raw: string): Decision {
  return invalid(`the tool call is truncated: ${what}`, raw);
}

function parameterArgs(elements: Element[], toolName: string): Record<string, unknown> | string {
  const args: Record<string, unknown> = {};
  for (const element of elements) {
    const qwenStyle = element.head.startsWith('=');
    const key = qwenStyle ? equalsName(element.head) : attribute(element.head, 'name');
    if (!element.headClosed || key === undefined || key === '') {
      return `a <parameter> tag in the call to ${toolName} has no name or no closing ">"`;
    }
    const keepText = !qwenStyle && attribute(element.head, 'string') === 'true';
    const value = keepText ? element.body : coerceParameter(element.body);
    Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return args;
}

/** Reads the body of one `<function=name>` or `<invoke name=…>` element. */
function elementCall(name: string, element: Element, cutOff: boolean, raw: string): Decision {
  if (!element.closed && cutOff) return truncatedCall(`the call to ${name} has no closing tag`, raw);
  const params = findElements(element.body, '<parameter', '</parameter>');
  if (params.length > 0) {
    const args = parameterArgs(params, name);
    return typeof args === 'string' ? invalid(args, raw) : callDecision(name, args, CONTENT, raw);
  }
  const body = element.body.trim();
  if (body === '') return callDecision(name, {}, CONTENT, raw);
  if (body.startsWith('{')) return callDecision(name, body, CONTENT, raw);
  return invalid(`the body of the call to ${name} is neither <parameter> tags nor a JSON object`, raw);
}

function functionCalls(text: string, cutOff: boolean): Decision[] {
  return findElements(text, '<function=', '</function>').map((element, index, all) => {
    const name = equalsName(element.head);
    const last = index === all.length - 1;
    if (!element.headClosed) {
      return last && cutOff
        ? truncatedCall('the reply ends inside a <function=…> tag', text)
        : invalid('a <function=…> tag is not closed with ">"', text);
    }
    return elementCall(name, element, cutOff && last, `<function=${element.head}>${element.body}`);
  });
}

function invokeCalls(text: string, cutOff: boolean): Decision[] {
  return findElements(text, '<invoke', '</invoke>').map((element, index, all) => {
    const name = attribute(element.head, 'name');
    const last = index === all.length - 1;
    if (!element.headClosed) {
      return last && cutOff
        ? truncatedCall('the reply ends inside an <invoke> tag', text)
        : invalid('an <invoke> tag is not closed with ">"', text);
    }
    if (name === undefined) return invalid('an <invoke> tag has no name="…" attribute', text);
    return elementCall(name, element, cutOff && last, `<invoke${element.head}>${element.body}`);
  });
}

/** `name{…}` (Gemma 4 after `call:`, Mistral's newer form without [ARGS]): a name glued to a JSON object. */
function gluedCall(body: string): Decision | undefined {
  if (!isIdentStart(body[0])) return undefined;
  let end = 0;
  while (isIdentChar(body[end]) || body[end] === '.') end++;
  if (body[end] !== '{') return undefined;
  return callDecision(body.slice(0, end), body.slice(end), CONTENT, body);
}

function jsonBlock(body: string, cutOff: boolean, ctx: ParseContext): Decision[] {
  const read = readJson(body);
  if (read.ok) {
    return interpretJson(read.value, ctx) ?? [invalid('the JSON in the tool call block names no tool', body)];
  }
  if (read.kind === 'truncated') {
    // Inside a closed block only brackets can be missing, so every value was complete: read it as is.
    const onlyBrackets = /^[}\]]+$/.test(read.closers);
    const repaired = !cutOff && onlyBrackets ? interpretJson(read.partial, ctx) : null;
    if (repaired !== null) return repaired;
    return [truncatedCall(`the JSON is ${describeMissing(read.closers)}`, body)];
  }
  return [invalid(`the JSON in the tool call block is ${describeFailure(read)}`, body)];
}

function blockDecisions(rawBody: string, cutOff: boolean, ctx: ParseContext): Decision[] {
  const fence = findFences(rawBody)[0];
  let body = (fence === undefined ? rawBody : fence.body).trim();
  if (body.startsWith('call:')) body = body.slice('call:'.length).replaceAll('<|"|>', '"');
  const lower = body.toLowerCase();
  if (body === '') {
    return [
      cutOff
        ? truncatedCall('the reply ends right after the opening tag', rawBody)
        : invalid('the tool call block is empty', rawBody),
    ];
  }
  if (lower.includes('<function=')) return functionCalls(body, cutOff);
  if (lower.includes('<invoke')) return invokeCalls(body, cutOff);
  if (body.startsWith('{') || (body.startsWith('[') && !looksLikePythonCall(body))) {
    return jsonBlock(body, cutOff, ctx);
  }
  const glued = gluedCall(body);
  if (glued !== undefined) return [glued];
  if (looksLikePythonCall(body)) {
    const read = readPythonCalls(body);
    if (read.ok) return read.calls.map((call) => callDecision(call.name, call.args, CONTENT, body));
    return [read.truncated ? truncatedCall(read.problem, body) : invalid(read.problem, body)];
  }
  return [invalid('the tool call block holds neither JSON nor a function call', rawBody)];
}

function firstMarker(lower: string): { open: string; close: string; index: number } | undefined {
  let best: { open: string; close: string; index: number } | undefined;
  for (const [open, close] of BLOCK_MARKERS) {
    const index = lower.indexOf(open);
    if (index >= 0 && (best === undefined || index < best.index)) best = { open, close, index };
  }
  return best;
}

function blocks(text: string, lower: string, open: string, close: string, ctx: ParseContext): Decision[] {
  const search = new ForwardSearch(lower);
  const decisions: Decision[] = [];
  let pos = search.next(open, 0);
  while (pos >= 0) {
    const bodyStart = pos + open.length;
    const next = search.next(open, bodyStart);
    const closeAt = search.next(close, bodyStart);
    const closed = closeAt >= 0 && (next < 0 || closeAt < next);
    const end = closed ? closeAt : next < 0 ? text.length : next;
    decisions.push(...blockDecisions(text.slice(bodyStart, end), !closed && next < 0, ctx));
    pos = next;
  }
  return decisions;
}

/** Tool calls in tags, with the text before the first one; null when the text has no such tags. */
export function parseTaggedCalls(text: string, ctx: ParseContext): FormatResult | null {
  const lower = text.toLowerCase();
  const marker = firstMarker(lower);
  if (marker !== undefined) {
    return {
      decisions: blocks(text, lower, marker.open, marker.close, ctx),
      lead: text.slice(0, marker.index),
    };
  }
  const fn = lower.indexOf('<function=');
  if (fn >= 0) {
    const cutOff = !lower.includes('</tool_call>', fn);
    return { decisions: functionCalls(text.slice(fn), cutOff), lead: text.slice(0, fn) };
  }
  const invoke = lower.indexOf('<invoke');
  if (invoke >= 0) {
    const cutOff = !lower.includes('</function_calls>', invoke);
    const start = lower.lastIndexOf('<function_calls>', invoke);
    return {
      decisions: invokeCalls(text.slice(invoke), cutOff),
      lead: text.slice(0, start >= 0 ? start : invoke),
    };
  }
  return null;
}
