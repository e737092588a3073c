import type { RunState } from '../agent/run-state';
import type { ChatMessage } from '../models/types';

/** The start of the replanning request; a scripted test model recognises it by this text. */
export const REPLAN_REQUEST = 'Before you go on, write down your plan';

const MAX_PLAN_CHARS = 1_500;

/** Why round `round` should start with a new plan, if it should. */
export function replanReason(state: RunState, round: number, evictedNow: boolean): string | undefined {
  if (evictedNow) return 'older results were left out of the context';
  const every = state.context.replanEvery;
  const since = state.plan?.round ?? 0;
  if (every > 0 && round > 1 && round - 1 - since >= every) return `every ${every} rounds`;
  return undefined;
}

/** The request that asks the model for its plan: the context so far plus one instruction. */
export function replanMessages(context: ChatMessage[]): ChatMessage[] {
  return [
    ...context,
    {
      role: 'user',
      content: `${REPLAN_REQUEST} in three short lines and nothing else:\nGoal: what the task asks for\nDone: what you have found or done so far, with the key numbers\nRemaining: what is left to do\nDo not call a tool in this reply.`,
    },
  ];
}

/** The model's plan, cleaned: its thinking dropped, its length bounded. Empty when it gave none. */
export function cleanPlan(text: string | null | undefined): string {
  const plan = (text ?? '').replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '').trim();
  return plan.length > MAX_PLAN_CHARS ? `${plan.slice(0, MAX_PLAN_CHARS - 1)}…` : plan;
}

/** A plan written from the log alone, for when asking the model fails. Deterministic. */
export function planFromLog(state: RunState): string {
  const task = state.task.replace(/\s+/g, ' ').trim();
  const calls = state.rounds.flatMap((record) =>
    [...record.results.values()].map(
      (r) => `${r.name} ${r.type === 'tool.finished' ? 'ok' : `failed (${r.kind})`}`,
    ),
  );
  const recent = calls.slice(-8).join('; ');
  const disabled = [...state.disabled.keys()];
  return [
    `Goal: ${task.length > 300 ? `${task.slice(0, 299)}…` : task}`,
    `Done: ${state.rounds.length} rounds, ${calls.length} tool calls${recent ? ` (latest: ${recent})` : ''}`,
    `Remaining: continue from the latest results${disabled.length ? `; unavailable tools: ${disabled.join(', ')}` : ''}`,
  ].join('\n');
}
