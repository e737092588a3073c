import type { Decision } from '../../../shared/decision';
import { invalid, type Origin } from './decisions';
import { callDecision } from './interpret';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeCall(name: unknown, args: unknown): string {
  const argsText = typeof args === 'string' ? args : isRecord(args) ? '{…}' : String(args ?? '');
  return `${typeof name === 'string' ? name : '?'}(${argsText})`;
}

/**
 * One decision per native tool call, in order. Servers disagree on the shape: OpenAI sends
 * `{id, function: {name, arguments: "<json>"}}`, some send the arguments as an object, or twice
 * encoded, or as "" for a call without arguments, and a few flatten `name`/`arguments` onto the call.
 */
export function parseNativeCalls(calls: readonly unknown[]): Decision[] {
  return calls.map((call, index) => {
    if (!isRecord(call)) return invalid(`native tool call #${index + 1} is not an object`, String(call));
    const fn = isRecord(call.function) ? call.function : call;
    const origin: Origin = { source: 'native' };
    if (typeof call.id === 'string' && call.id !== '') origin.callId = call.id;
    const args = fn.arguments !== undefined ? fn.arguments : fn.parameters;
    return callDecision(fn.name, args, origin, describeCall(fn.name, args));
  });
}
