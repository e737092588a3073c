import type { ContextMessage, PendingRequest, RoundContext } from '../../shared/api';
import type { EventOf, HermesEvent, RunSummary } from '../../shared/events';
import { foldEvents } from '../agent/run-state';
import { assembleRequest } from '../context/context-window';
import { createTokenCounter, type TokenCounter } from '../context/tokens';
import type { ChatMessage } from '../models/types';
import type { RunManager } from '../runs/run-manager';
import type { Runtime } from '../runs/runtime';

const DEFAULT_RUNS_LIMIT = 200;

export function listRuns(
  runtime: Runtime,
  request: { status?: RunSummary['status']; search?: string; limit?: number },
): RunSummary[] {
  return runtime.store.runs({ ...request, limit: request.limit ?? DEFAULT_RUNS_LIMIT });
}

export function runEvents(runtime: Runtime, runId: string, afterSeq?: number): HermesEvent[] {
  return runtime.store.events(runId, { expand: true, ...(afterSeq ? { afterSeq } : {}) });
}

/** Every paused run with the request it waits on, oldest request first. */
export function pendingRequests(runtime: Runtime): PendingRequest[] {
  const pending: PendingRequest[] = [];
  for (const run of runtime.store.runs({ status: 'paused' })) {
    const events = runtime.store.events(run.runId, { expand: true });
    const waiting = foldEvents(events)?.pendingRequest;
    if (!waiting) continue;
    const request = events.findLast(
      (event): event is EventOf<'human.requested'> =>
        event.type === 'human.requested' && event.requestId === waiting.requestId,
    );
    if (request) pending.push({ runId: run.runId, task: run.task, request });
  }
  return pending.sort((a, b) => a.request.ts - b.request.ts);
}

export function interruptedRuns(runtime: Runtime, manager: RunManager): RunSummary[] {
  return manager.interruptedRuns().flatMap((runId) => {
    const run = runtime.store.run(runId);
    return run ? [run] : [];
  });
}

/**
 * What the model was sent in round `round`, rebuilt by the same fold and assembly the loop used, and
 * the context changes made for that round (those after the previous round's request).
 */
export function roundContext(
  runtime: Runtime,
  runId: string,
  round: number,
): RoundContext | { error: string } {
  const events = runtime.store.events(runId, { expand: true });
  if (events.length === 0) return { error: `no run with id ${runId}` };
  // A run resumed after a crash may have asked twice in one round; the last request is the one answered.
  const at = events.findLastIndex((event) => event.type === 'model.request' && event.round === round);
  const request = events[at];
  if (request?.type !== 'model.request') return { error: `run ${runId} has no round ${round}` };
  const state = foldEvents(events.slice(0, at));
  if (!state) return { error: `the log of run ${runId} does not start with run.started` };
  const counter = createTokenCounter(state.model.model);
  const assembled = assembleRequest(state, round, request.mode, { registry: runtime.registry, counter });
  const previous = events.findLastIndex(
    (event, index) => index < at && event.type === 'model.request' && event.round < round,
  );
  const changes = events
    .slice(previous + 1, at)
    .filter((event): event is EventOf<'context.updated'> => event.type === 'context.updated');
  return {
    round,
    mode: request.mode,
    messages: assembled.messages.map((message) => contextMessage(message, counter)),
    tools:
      assembled.tools?.map((tool) => tool.function.name) ??
      state.tools.filter((name) => !state.disabled.has(name)),
    tokens: assembled.tokens,
    share: assembled.share,
    windowTokens: state.context.windowTokens,
    changes,
  };
}

function contextMessage(message: ChatMessage, counter: TokenCounter): ContextMessage {
  // A message's share of the request: the request with it alone, less the fixed cost of any request.
  const tokens = counter.countMessages([message]) - counter.countMessages([]);
  if (message.role === 'assistant') {
    return {
      role: message.role,
      content: message.content,
      ...(message.tool_calls
        ? {
            toolCalls: message.tool_calls.map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: call.function.arguments,
            })),
          }
        : {}),
      tokens,
    };
  }
  if (message.role === 'tool') {
    return { role: message.role, content: message.content, toolCallId: message.tool_call_id, tokens };
  }
  return { role: message.role, content: message.content, tokens };
}
