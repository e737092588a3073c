import type { Decision } from '../../../shared/decision';
import { type FormatResult, invalid, type ParseContext } from './decisions';
import { interpretJson } from './interpret';
import { type CutJson, findFences, scanJson } from './json-scan';
import { describeMissing, readWholeJson } from './lenient-json';

/**
 * JSON decisions in the content: bare or fenced, with prose around them, one or several. JSON that
 * is only data (no decision in it) is left alone, so the reply reads as a plain answer.
 */

function insideJsonFence(text: string, at: number): boolean {
  return findFences(text).some(
    (fence) => (fence.lang === '' || fence.lang === 'json') && at >= fence.bodyStart && at < fence.end,
  );
}

/** An invalid decision for JSON cut off by the end of the reply, when it was meant as a decision. */
function truncatedDecision(text: string, cut: CutJson, ctx: ParseContext): Decision | undefined {
  const missing = describeMissing(cut.failure.closers);
  const attempt = interpretJson(cut.failure.partial, ctx);
  const call = attempt?.find((decision) => decision.toolName !== undefined);
  const raw = text.slice(cut.start);
  if (call !== undefined) {
    return invalid(`the JSON for the call to "${call.toolName}" is truncated: ${missing}`, raw);
  }
  const startsReply = text.slice(0, cut.start).trim() === '';
  if (attempt !== null || startsReply || insideJsonFence(text, cut.start)) {
    return invalid(`the JSON in the reply is truncated: ${missing}`, raw);
  }
  return undefined;
}

/** The prose before a decision, without the fence line that opens the JSON. */
function leadBefore(text: string, start: number): string {
  const before = text.slice(0, start).trimEnd();
  const fence = before.lastIndexOf('```');
  if (fence >= 0 && !before.slice(fence + 3).includes('\n') && /^[\w-]*$/.test(before.slice(fence + 3))) {
    return before.slice(0, fence);
  }
  return before;
}

/** JSON decisions in `text` and the prose before the first; null when the text holds none. */
export function parseJsonContent(text: string, ctx: ParseContext): FormatResult | null {
  const scan = scanJson(text);
  const decisions: Decision[] = [];
  let firstStart: number | undefined;
  for (const found of scan.values) {
    const interpreted = interpretJson(found.value, ctx);
    if (interpreted === null) continue;
    decisions.push(...interpreted);
    firstStart ??= found.start;
  }
  if (scan.cut !== undefined) {
    const cut = truncatedDecision(text, scan.cut, ctx);
    if (cut !== undefined) {
      decisions.push(cut);
      firstStart ??= scan.cut.start;
    }
  }
  if (firstStart === undefined) return null;
  return { decisions, lead: leadBefore(text, firstStart) };
}

/**
 * A reply that is one JSON decision and nothing else (bare or in one fence) — the JSON mode's own
 * shape. Read first, so tags or markers quoted inside its strings are not taken for calls.
 */
export function parseWholeJson(text: string, ctx: ParseContext): FormatResult | null {
  const fence = findFences(text)[0];
  const whole = fence !== undefined && fence.start === 0 && fence.end === text.length ? fence.body : text;
  const body = whole.trim();
  if (!body.startsWith('{') && !body.startsWith('[')) return null;
  const read = readWholeJson(body);
  if (!read.ok) return null;
  const decisions = interpretJson(read.value, ctx);
  return decisions === null ? null : { decisions, lead: '' };
}
