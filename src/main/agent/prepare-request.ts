import type { HermesEvent, ModelMode, NewEvent } from '../../shared/events';
import type { AssembledRequest, ContextDeps } from '../context/context-window';
import { assembleRequest, planEvictions } from '../context/context-window';
import { cleanPlan, planFromLog, replanMessages, replanReason } from '../context/replan';
import type { ModelClient } from '../models/types';
import type { RunState } from './run-state';

export interface PrepareContext extends ContextDeps {
  state: RunState;
  model: ModelClient;
  signal: AbortSignal;
  emit: (event: NewEvent) => HermesEvent;
}

/**
 * Makes round `round`'s request fit the context budget: leaves out what must go (each change
 * recorded as `context.updated`), writes a new plan when one is due, then assembles the request
 * from the log — so a rebuild of this round from the log gives the same request.
 */
export async function prepareRequest(
  round: number,
  mode: ModelMode,
  ctx: PrepareContext,
): Promise<AssembledRequest> {
  const request = assembleRequest(ctx.state, round, mode, ctx);
  const evictions = planEvictions(ctx.state, round, ctx, request);
  for (const eviction of evictions) ctx.emit({ type: 'context.updated', op: 'evict', ...eviction });
  const reason = replanReason(ctx.state, round, evictions.length > 0);
  if (evictions.length === 0 && !reason) return request;
  // The log changed since the request was assembled; the plan is asked with the context as it now stands.
  const trimmed = evictions.length > 0 ? assembleRequest(ctx.state, round, mode, ctx) : request;
  if (!reason) return trimmed;
  await replan(reason, trimmed, ctx);
  return assembleRequest(ctx.state, round, mode, ctx);
}

/** Asks the model for a short plan; when that fails or says nothing, writes one from the log. */
async function replan(reason: string, current: AssembledRequest, ctx: PrepareContext): Promise<void> {
  const result = await ctx.model.complete({
    messages: replanMessages(current.messages),
    ...(current.tools ? { tools: current.tools } : {}),
    signal: ctx.signal,
    purpose: 'replan',
  });
  const fromModel = result.ok ? cleanPlan(result.reply.message.content) : '';
  const plan = fromModel || planFromLog(ctx.state);
  ctx.emit({
    type: 'context.updated',
    op: 'replan',
    messageId: 'plan',
    role: 'system',
    tokensBefore: ctx.state.plan ? ctx.counter.count(ctx.state.plan.text) : 0,
    tokens: ctx.counter.count(plan),
    reason: fromModel
      ? reason
      : `${reason}; the model gave no plan (${result.ok ? 'empty reply' : result.failure.message}), so it was written from the log`,
    content: plan,
    source: fromModel ? 'model' : 'log',
  });
}
