import type { ModelMode } from '../../shared/events';
import { invalidFeedback, systemPrompt } from '../agent/prompts';
import type { RoundRecord, RunState } from '../agent/run-state';
import type { ChatMessage } from '../models/types';

export interface ContextOptions {
  /** The tool listing for JSON mode's system prompt. */
  describeTools: (names: string[]) => string;
}

/**
 * The messages the model is sent in round `round` (1-based) in `mode`, folded from the run's log. The
 * live loop and the rebuild of any past request use this same function, so what it returns for a
 * recorded round (with that round's recorded mode) is what was sent.
 */
export function buildMessages(
  state: RunState,
  round: number,
  mode: ModelMode,
  options: ContextOptions,
): ChatMessage[] {
  const available = state.tools.filter((name) => !state.disabled.has(name));
  const plan = state.plan
    ? `\n\nYour plan so far (written after round ${state.plan.round}):\n${state.plan.text}`
    : '';
  const messages: ChatMessage[] = [
    { role: 'system', content: `${systemPrompt(mode, options.describeTools(available))}${plan}` },
    { role: 'user', content: state.task },
  ];
  for (const record of state.rounds) {
    if (record.round >= round) break;
    messages.push(...roundMessages(record, state.evicted));
  }
  return messages;
}

/** Message ids that evictions name; stable, since they come from the log. */
export const observationId = (callId: string) => `obs:${callId}`;
export const reasoningId = (round: number) => `reasoning:r${round}`;

function roundMessages(record: RoundRecord, evicted: ReadonlySet<string>): ChatMessage[] {
  const raw = record.response;
  if (!raw) return [];
  const nativeCalls = raw.tool_calls ?? [];
  const reasoning = evicted.has(reasoningId(record.round))
    ? `[The reasoning of round ${record.round} is left out to save space.]`
    : (raw.content ?? null);
  const result = (callId: string) => observationOf(record, callId, evicted);
  const messages: ChatMessage[] = [
    {
      role: 'assistant',
      content: reasoning,
      ...(nativeCalls.length
        ? {
            tool_calls: nativeCalls.map((call, index) => {
              const id = call.id ?? nativeCallId(record.round, index);
              return {
                id,
                type: 'function' as const,
                function: { name: call.function.name, arguments: argumentsText(record, id) },
              };
            }),
          }
        : {}),
    },
  ];
  nativeCalls.forEach((call, index) => {
    const callId = call.id ?? nativeCallId(record.round, index);
    messages.push({ role: 'tool', tool_call_id: callId, content: nativeCallResult(record, callId, result) });
  });
  const notes: string[] = [];
  for (const decision of record.decisions) {
    if (decision.source === 'native' && decision.callId) continue;
    if (decision.kind === 'invalid')
      notes.push(invalidFeedback(decision.reason ?? 'it could not be understood'));
    if (decision.kind === 'tool_call' && decision.callId) {
      notes.push(`Result of ${decision.toolName} (${decision.callId}):\n${result(decision.callId)}`);
    }
    if (decision.kind === 'ask_user') {
      const answer = answerTo(record, decision.callId);
      if (answer) notes.push(answer);
    }
  }
  notes.push(...record.notices);
  if (notes.length) messages.push({ role: 'user', content: notes.join('\n\n') });
  return messages;
}

const interrupted = 'No result: the call was interrupted before it finished.';

function nativeCallResult(record: RoundRecord, callId: string, result: (callId: string) => string): string {
  const decision = record.decisions.find((d) => d.callId === callId);
  if (decision?.kind === 'invalid') return `Error: ${decision.reason ?? 'the call could not be understood'}`;
  if (decision?.kind === 'ask_user') return answerTo(record, callId) ?? 'The person has not answered yet.';
  return result(callId);
}

/** A tool's observation, or the one-line stub that replaced it, which says how to get it back. */
function observationOf(record: RoundRecord, callId: string, evicted: ReadonlySet<string>): string {
  const result = record.results.get(callId);
  if (!result) return interrupted;
  if (!evicted.has(observationId(callId))) return result.observation;
  return evictionStub(result.name, callId, result.observation.length);
}

export function evictionStub(name: string, callId: string, chars: number): string {
  return `[The result of ${name} (${callId}, ${chars.toLocaleString('en-US')} characters) is left out to save space. Call recall with ref "${callId}" to see it again.]`;
}

function answerTo(record: RoundRecord, callId: string | undefined): string | undefined {
  const answer = callId ? record.answers.get(callId) : undefined;
  return answer?.answer === undefined ? undefined : `The person answered: ${answer.answer}`;
}

/**
 * The arguments as parsed, not as received: servers that render tool calls through a chat template
 * reject a history whose arguments are not valid JSON, so a malformed call is replayed as `{}` (its
 * error message tells the model what was wrong).
 */
function argumentsText(record: RoundRecord, callId: string): string {
  const decision = record.decisions.find((d) => d.callId === callId);
  return JSON.stringify(decision?.kind === 'tool_call' ? (decision.arguments ?? {}) : {});
}

/** Ids for native calls that came without one (some local servers omit them); stable per log. */
export function nativeCallId(round: number, index: number): string {
  return `call_r${round}_${index}`;
}
