import type { Decision } from '../../../shared/decision';
import { type FormatResult, invalid, type Origin, type ParseContext } from './decisions';
import { callDecision, interpretJson } from './interpret';
import { describeFailure, describeMissing, isIdentChar, readJson } from './lenient-json';

/**
 * Mistral's `[TOOL_CALLS]` marker, in its two shapes: a JSON array of `{name, arguments}` (Mistral
 * 7B v0.3, Nemo, Small 2409, Mixtral) and `name[ARGS]{…}` (Mistral Small 3.x, Magistral, Devstral),
 * which repeats the marker before each call, may carry a `[CALL_ID]`, or drop `[ARGS]` and glue the
 * JSON to the name.
 */

const MARKER = '[TOOL_CALLS]';
const CONTENT: Origin = { source: 'content' };

function skipBlank(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && ' \t\r\n'.includes(text[p] as string)) p++;
  return p;
}

function readJsonAt(text: string, pos: number, ctx: ParseContext): { decisions: Decision[]; end: number } {
  const read = readJson(text, pos);
  const raw = text.slice(pos);
  if (read.ok) {
    const decisions = interpretJson(read.value, ctx) ?? [
      invalid('the JSON after [TOOL_CALLS] names no tool', raw),
    ];
    return { decisions, end: read.end };
  }
  const reason =
    read.kind === 'truncated'
      ? `the tool call is truncated: the JSON after [TOOL_CALLS] is ${describeMissing(read.closers)}`
      : `the JSON after [TOOL_CALLS] is ${describeFailure(read)}`;
  return { decisions: [invalid(reason, raw)], end: text.length };
}

/** `name[CALL_ID]id[ARGS]{…}` or `name{…}` at `pos`. */
function readNamedCall(text: string, pos: number): { decision: Decision; end: number } {
  let end = pos;
  while (end < text.length && (isIdentChar(text[end]) || text[end] === '.')) end++;
  const name = text.slice(pos, end);
  let p = skipBlank(text, end);
  if (text.startsWith('[CALL_ID]', p)) {
    const args = text.indexOf('[ARGS]', p);
    p = args < 0 ? text.length : args;
  }
  if (text.startsWith('[ARGS]', p)) p = skipBlank(text, p + '[ARGS]'.length);
  const raw = text.slice(pos);
  if (p >= text.length) {
    return {
      decision: invalid(`the tool call is truncated: the call to ${name} has no arguments`, raw),
      end: p,
    };
  }
  if (text[p] !== '{') {
    return {
      decision: invalid(`the call to ${name} after [TOOL_CALLS] has no JSON object of arguments`, raw),
      end: text.length,
    };
  }
  const read = readJson(text, p);
  if (!read.ok) {
    const reason =
      read.kind === 'truncated'
        ? `the tool call is truncated: the arguments for ${name} are ${describeMissing(read.closers)}`
        : `the arguments for tool "${name}" are ${describeFailure(read)}`;
    return { decision: invalid(reason, raw), end: text.length };
  }
  return { decision: callDecision(name, read.value, CONTENT, raw), end: read.end };
}

/** Calls after `[TOOL_CALLS]`, with the text before the marker; null when there is no marker. */
export function parseMistralCalls(text: string, ctx: ParseContext): FormatResult | null {
  const first = text.indexOf(MARKER);
  if (first < 0) return null;
  const decisions: Decision[] = [];
  let pos = first;
  while (pos < text.length) {
    if (text.startsWith(MARKER, pos)) pos += MARKER.length;
    pos = skipBlank(text, pos);
    if (pos >= text.length) break;
    const c = text[pos] as string;
    if (c === '[' || c === '{') {
      const read = readJsonAt(text, pos, ctx);
      decisions.push(...read.decisions);
      pos = skipBlank(text, read.end);
    } else if (isIdentChar(c)) {
      const read = readNamedCall(text, pos);
      decisions.push(read.decision);
      pos = skipBlank(text, read.end);
    } else {
      break;
    }
    if (!text.startsWith(MARKER, pos)) break;
  }
  if (decisions.length === 0) {
    decisions.push(invalid('the tool call is truncated: nothing follows [TOOL_CALLS]', text.slice(first)));
  }
  return { decisions, lead: text.slice(0, first) };
}
