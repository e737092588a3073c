import type { Decision } from '../../../shared/decision';
import { type FormatResult, finalAnswer, invalid, statedReason } from './decisions';
import { callDecision } from './interpret';
import { findFences } from './json-scan';

/**
 * The text ReAct format LangChain-style prompts teach:
 *   Thought: …
 *   Action: search
 *   Action Input: {"query": "…"}
 * or `Final Answer: …`. Only the labels at the start of a line count.
 */

interface Line {
  label: string;
  rest: string;
  start: number;
  restStart: number;
}

const LABELS = ['thought', 'action input', 'action', 'final answer', 'observation'];

function labelledLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    const indent = line.length - line.trimStart().length;
    const lower = line.slice(indent).toLowerCase();
    for (const label of LABELS) {
      if (lower.startsWith(label) && lower.slice(label.length).trimStart().startsWith(':')) {
        const colon = line.indexOf(':', indent + label.length);
        lines.push({ label, rest: line.slice(colon + 1).trim(), start, restStart: start + colon + 1 });
        break;
      }
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

function stripFence(text: string): string {
  const fence = findFences(text)[0];
  return (fence === undefined ? text : fence.body).trim();
}

function cleanToolName(name: string): string {
  return name.replace(/^[`"'[\s]+|[`"'\]\s]+$/g, '');
}

/** Decisions in ReAct text, with the text before them; null when the text is not in that format. */
export function parseReactText(text: string): FormatResult | null {
  const lines = labelledLines(text);
  const action = lines.find((line) => line.label === 'action' && line.rest !== '');
  const final = lines.find((line) => line.label === 'final answer');
  const thought = lines.find((line) => line.label === 'thought');
  const reason = statedReason(thought?.rest);

  if (final !== undefined && (action === undefined || final.start < action.start)) {
    const answer = text.slice(final.restStart).trim();
    if (answer === '') return { decisions: [invalid('the Final Answer is empty', text)], lead: '' };
    return { decisions: [finalAnswer(answer, reason)], lead: text.slice(0, final.start) };
  }
  if (action === undefined) return null;
  const input = lines.find((line) => line.label === 'action input' && line.start > action.start);
  if (input === undefined) return null;
  const observation = lines.find((line) => line.label === 'observation' && line.start > input.start);
  const rawInput = stripFence(text.slice(input.restStart, observation?.start ?? text.length));
  const name = cleanToolName(action.rest);
  let decision: Decision;
  if (/^final[\s_]?answer$/i.test(name)) {
    decision = rawInput === '' ? invalid('the Final Answer is empty', text) : finalAnswer(rawInput, reason);
  } else {
    decision = callDecision(name, rawInput, { source: 'content' }, text, reason);
  }
  return { decisions: [decision], lead: text.slice(0, action.start) };
}
