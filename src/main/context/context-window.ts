import type { ModelMode } from '../../shared/events';
import { askUserSpec } from '../agent/prompts';
import type { RunState } from '../agent/run-state';
import type { ChatMessage, ToolSpec } from '../models/types';
import type { ToolRegistry } from '../tools/registry';
import { buildMessages, evictionStub, observationId, reasoningId } from './build-context';
import type { TokenCounter } from './tokens';

export interface ContextDeps {
  registry: ToolRegistry;
  counter: TokenCounter;
}

const EVICT_DOWN_TO = 0.75;

/** A request as it goes to the model, with its size. */
export interface AssembledRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  tokens: number;
  /** tokens as a share of the run's context window. */
  share: number;
}

/** One message to replace by its stub, as `context.updated` records it. */
export interface Eviction {
  messageId: string;
  role: string;
  tokensBefore: number;
  tokens: number;
  reason: string;
}

/** What the model is offered in `mode`: every tool still enabled, and ask_user; nothing in JSON mode. */
export function offeredTools(
  state: RunState,
  mode: ModelMode,
  registry: ToolRegistry,
): ToolSpec[] | undefined {
  if (mode !== 'native') return undefined;
  return [...registry.specs(state.tools.filter((name) => !state.disabled.has(name))), askUserSpec];
}

/** Round `round`'s request as the log stands: the same call serves the live loop and any later rebuild. */
export function assembleRequest(
  state: RunState,
  round: number,
  mode: ModelMode,
  deps: ContextDeps,
): AssembledRequest {
  const messages = buildMessages(state, round, mode, {
    describeTools: (names) => deps.registry.describeForPrompt(names),
  });
  const tools = offeredTools(state, mode, deps.registry);
  const tokens = deps.counter.countMessages(messages, tools);
  return { messages, ...(tools ? { tools } : {}), tokens, share: tokens / state.context.windowTokens };
}

/**
 * What to leave out once round `round`'s `request` (as assembled from the log) is over the budget (the window × the target share);
 * it then goes down to three quarters of the budget. Kept
 * always: the system prompt, the task, the plan, the person's answers and the last two rounds. Goes
 * first: the oldest successful tool results, then the oldest failures (they say what not to retry),
 * then the oldest reasoning. Each becomes a one-line stub that says how to get it back.
 */
export function planEvictions(
  state: RunState,
  round: number,
  deps: ContextDeps,
  request: AssembledRequest,
): Eviction[] {
  const budget = Math.floor(state.context.windowTokens * state.context.targetShare);
  if (request.tokens <= budget) return [];
  // Down to three quarters of the budget, not just under it: otherwise every later round would evict
  // one more result (and replan) as the run grows.
  let excess = request.tokens - Math.floor(budget * EVICT_DOWN_TO);
  const reason = `the request of ${request.tokens} tokens is over the budget of ${budget} (${Math.round(state.context.targetShare * 100)}% of ${state.context.windowTokens})`;
  const older = state.rounds.filter((record) => record.response && record.round < round - 2);
  const results = older.flatMap((record) =>
    record.decisions.flatMap((d) => {
      const result = d.callId ? record.results.get(d.callId) : undefined;
      return result && !state.evicted.has(observationId(result.callId)) ? [result] : [];
    }),
  );
  const candidates = [
    ...results.filter((r) => r.type === 'tool.finished'),
    ...results.filter((r) => r.type === 'tool.failed'),
  ].map((r) => ({
    messageId: observationId(r.callId),
    role: 'tool',
    text: r.observation,
    stub: evictionStub(r.name, r.callId, r.observation.length),
  }));
  for (const record of older) {
    const text = record.response?.content ?? '';
    if (!text || state.evicted.has(reasoningId(record.round))) continue;
    candidates.push({
      messageId: reasoningId(record.round),
      role: 'assistant',
      text,
      stub: `[The reasoning of round ${record.round} is left out to save space.]`,
    });
  }
  const evictions: Eviction[] = [];
  for (const candidate of candidates) {
    if (excess <= 0) break;
    const tokensBefore = deps.counter.count(candidate.text);
    const tokens = deps.counter.count(candidate.stub);
    if (tokensBefore <= tokens) continue;
    evictions.push({ messageId: candidate.messageId, role: candidate.role, tokensBefore, tokens, reason });
    excess -= tokensBefore - tokens;
  }
  return evictions;
}
