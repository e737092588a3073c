import { createHash } from 'node:crypto';
import type { RoundRecord } from './run-state';
import { callSignature } from './run-state';

export interface Repetition {
  /** The cycle, one entry per round, as readable call summaries. */
  pattern: string[];
  repeats: number;
}

const MAX_CYCLE = 4;

/**
 * A round's actions and what they returned. Including the results matters: polling the same call
 * while its answer changes is progress, the same call getting the same answer is not.
 */
export function roundSignature(record: RoundRecord): string | undefined {
  const calls = record.decisions.filter((d) => d.kind === 'tool_call' && d.callId);
  if (calls.length === 0) return undefined;
  return calls
    .map((d) => {
      const observation = (d.callId && record.results.get(d.callId)?.observation) ?? '';
      const digest = createHash('sha1').update(observation).digest('hex').slice(0, 10);
      return `${callSignature(d.toolName ?? '', d.arguments ?? {})}=>${digest}`;
    })
    .sort()
    .join(' + ');
}

/**
 * Finds the same few rounds cycling at the end of the run: one round four times in a row, or a cycle
 * of two to four rounds three times. (A single failing call is the retry policy's business: it
 * disables the tool after three identical failures, before this fires.)
 */
export function detectRepetition(signatures: readonly (string | undefined)[]): Repetition | undefined {
  for (let cycle = 1; cycle <= MAX_CYCLE; cycle++) {
    const repeats = cycle === 1 ? 4 : 3;
    const span = cycle * repeats;
    if (signatures.length < span) continue;
    const tail = signatures.slice(-span);
    if (tail.some((s) => s === undefined)) continue;
    const pattern = tail.slice(0, cycle) as string[];
    if (cycle > 1 && new Set(pattern).size === 1) continue;
    if (tail.every((s, i) => s === pattern[i % cycle])) {
      return { pattern: pattern.map(readable), repeats };
    }
  }
  return undefined;
}

function readable(signature: string): string {
  const text = signature.replace(/=>[0-9a-f]{10}/g, '');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
