import type { EventPayloads, HermesEvent, NewEvent, ToolFailureKind } from '../../shared/events';
import { observationId } from '../context/build-context';
import { compressObservation } from '../context/compress';
import type { TokenCounter } from '../context/tokens';
import type { ApprovalConfig } from '../tools/approval';
import { approvalRule, isAlwaysAllowed, resolvePolicy } from '../tools/approval';
import type { ToolRegistry } from '../tools/registry';
import type { ToolHost } from '../tools/tool-host';
import type { DecisionEvent, RoundRecord, RunState } from './run-state';
import { failureKey } from './run-state';

/** Tool output longer than this enters the context as a summary chosen by its shape. */
const COMPRESS_ABOVE_CHARS = 3_000;

/** A call repeated with the same arguments and the same error runs at most this many times. */
export const MAX_IDENTICAL_FAILURES = 3;

export interface ToolRoundContext {
  state: RunState;
  registry: ToolRegistry;
  host: ToolHost;
  approvals: ApprovalConfig;
  maxConcurrency: number;
  signal: AbortSignal;
  counter: TokenCounter;
  /** The event log's file, for tools that read earlier outputs (recall). */
  archive: string;
  /** Appends to the log, folds into `state` and tells subscribers. */
  emit: (event: NewEvent) => HermesEvent;
  flush: () => void;
}

type Runnable = {
  decision: DecisionEvent;
  name: string;
  callId: string;
  args: Record<string, unknown>;
  /** Already has its `tool.started` (a run again after a crash). */
  restarted: boolean;
  /** Said to the model with the result, e.g. that the person edited the arguments. */
  note?: string;
};

/** A request for a person that the round cannot go on without. */
export type ApprovalRequest = EventPayloads['human.requested'];

/**
 * Brings every tool call of the round to a result. Refusals are decided up front (unknown, disabled,
 * invalid arguments, policy, denied by the person); calls that need a person's approval are left for
 * the returned request; the rest run concurrently, at most `maxConcurrency` at a time. Safe to call
 * again after a pause or a crash: it only looks at calls that have no result yet.
 */
export async function settleToolCalls(
  round: RoundRecord,
  ctx: ToolRoundContext,
): Promise<ApprovalRequest | undefined> {
  const runnable: Runnable[] = [];
  let request: ApprovalRequest | undefined;
  for (const decision of round.decisions) {
    if (decision.kind !== 'tool_call' || !decision.callId || round.results.has(decision.callId)) continue;
    const outcome = round.started.has(decision.callId)
      ? interrupted(decision, round, ctx)
      : prepare(decision, round, ctx);
    if (outcome.kind === 'run') runnable.push(outcome.call);
    if (outcome.kind === 'ask') request ??= outcome.request;
    if (outcome.kind === 'refuse') {
      ctx.emit(failed(decision, outcome.failure, outcome.error, 0, decision.arguments ?? {}));
    }
  }
  for (const call of runnable) {
    if (call.restarted) continue;
    ctx.emit({
      type: 'tool.started',
      round: round.round,
      callId: call.callId,
      name: call.name,
      arguments: call.args,
    });
  }
  ctx.flush();
  let next = 0;
  const worker = async () => {
    while (next < runnable.length) {
      const call = runnable[next++];
      if (call) await execute(call, ctx);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.maxConcurrency, runnable.length) }, worker));
  ctx.flush();
  return request;
}

type Prepared =
  | { kind: 'run'; call: Runnable }
  | { kind: 'ask'; request: ApprovalRequest }
  | { kind: 'refuse'; failure: ToolFailureKind; error: string };

function prepare(decision: DecisionEvent, round: RoundRecord, ctx: ToolRoundContext): Prepared {
  const name = decision.toolName ?? '';
  const callId = decision.callId ?? '';
  const args = decision.arguments ?? {};
  const { state, registry } = ctx;
  const tool = state.tools.includes(name) ? registry.get(name) : undefined;
  if (!tool) {
    const available = state.tools.filter((t) => !state.disabled.has(t)).join(', ');
    return {
      kind: 'refuse',
      failure: 'unknown_tool',
      error: `there is no tool named '${name}'. Available tools: ${available}`,
    };
  }
  const disabledReason = state.disabled.get(name);
  if (disabledReason) {
    return {
      kind: 'refuse',
      failure: 'disabled',
      error: `the tool ${name} is disabled for this run: ${disabledReason}`,
    };
  }
  const validation = registry.validate(name, args);
  if (!validation.ok) return { kind: 'refuse', failure: 'validation', error: validation.error };
  const policy = resolvePolicy(tool, ctx.approvals);
  if (policy === 'deny') {
    return {
      kind: 'refuse',
      failure: 'policy',
      error: `the approval policy does not allow ${name} in this run`,
    };
  }
  const run = (callArgs: Record<string, unknown>, note?: string): Prepared => ({
    kind: 'run',
    call: { decision, name, callId, args: callArgs, restarted: false, ...(note ? { note } : {}) },
  });
  if (
    policy === 'allow' ||
    state.allowedForRun.has(name) ||
    isAlwaysAllowed(name, validation.args, ctx.approvals)
  ) {
    return run(validation.args);
  }
  const response = round.answers.get(approvalId(callId));
  if (response?.decision === 'denied') {
    return {
      kind: 'refuse',
      failure: 'denied',
      error: `denied by the user${response.reason ? `: ${response.reason}` : ''}`,
    };
  }
  if (response?.decision === 'approved') {
    if (!response.editedArguments) return run(validation.args);
    const edited = registry.validate(name, response.editedArguments);
    if (!edited.ok) return { kind: 'refuse', failure: 'validation', error: edited.error };
    return run(
      edited.args,
      `The person edited the arguments before approving: ${JSON.stringify(edited.args)}`,
    );
  }
  return {
    kind: 'ask',
    request: {
      requestId: approvalId(callId),
      kind: 'approval',
      question: approvalRule(tool, ctx.approvals),
      toolCall: { callId, name, arguments: validation.args, risk: tool.risk },
    },
  };
}

/**
 * A call whose `tool.started` is in the log without a result: the process died while it ran. A read
 * (or idempotent) tool simply runs again; anything else may have half happened, so a person decides.
 */
function interrupted(decision: DecisionEvent, round: RoundRecord, ctx: ToolRoundContext): Prepared {
  const name = decision.toolName ?? '';
  const callId = decision.callId ?? '';
  const tool = ctx.registry.get(name);
  const args = decision.arguments ?? {};
  const again = (callArgs: Record<string, unknown>): Prepared => ({
    kind: 'run',
    call: {
      decision,
      name,
      callId,
      args: callArgs,
      restarted: true,
      note: 'The call was interrupted and run again.',
    },
  });
  if (!tool) return { kind: 'refuse', failure: 'unknown_tool', error: `there is no tool named '${name}'` };
  if (tool.risk === 'read' || tool.idempotent) return again(args);
  const response = round.answers.get(approvalId(callId));
  if (response?.decision === 'approved') return again(response.editedArguments ?? args);
  if (response?.decision === 'denied') {
    return {
      kind: 'refuse',
      failure: 'denied',
      error: `not run again after an interruption: denied by the user${response.reason ? `: ${response.reason}` : ''}`,
    };
  }
  return {
    kind: 'ask',
    request: {
      requestId: approvalId(callId),
      kind: 'approval',
      question: `${name} was interrupted while it ran (the process stopped); it may have partly taken effect. Run it again?`,
      toolCall: { callId, name, arguments: args, risk: tool.risk },
    },
  };
}

export function approvalId(callId: string): string {
  return `approval:${callId}`;
}

async function execute(call: Runnable, ctx: ToolRoundContext): Promise<void> {
  const tool = ctx.registry.get(call.name);
  const started = performance.now();
  const outcome = await ctx.host.run({
    name: call.name,
    args: call.args,
    runId: ctx.state.runId,
    callId: call.callId,
    workspaceRoot: ctx.state.workspace,
    timeoutMs: tool?.timeoutMs ?? 30_000,
    signal: ctx.signal,
    archive: ctx.archive,
  });
  const durationMs = Math.round(performance.now() - started);
  const prefix = call.note ? `${call.note}\n` : '';
  if (outcome.ok) {
    const full = observe(outcome.output);
    // What recall returns was asked for by size already; summarising it would defeat the asking.
    const compressed =
      call.name === 'recall'
        ? undefined
        : compressObservation(full, call.callId, { maxChars: COMPRESS_ABOVE_CHARS });
    const observation = compressed && compressed.text !== full ? compressed.text : full;
    ctx.emit({
      type: 'tool.finished',
      round: call.decision.round,
      callId: call.callId,
      name: call.name,
      arguments: call.args,
      durationMs,
      output: outcome.output,
      observation: `${prefix}${observation}`,
      ...(outcome.changedFiles.length ? { changedFiles: outcome.changedFiles } : {}),
    });
    if (compressed && observation !== full) {
      ctx.emit({
        type: 'context.updated',
        op: 'compress',
        messageId: observationId(call.callId),
        role: 'tool',
        tokensBefore: ctx.counter.count(full),
        tokens: ctx.counter.count(observation),
        reason: `${call.name} returned ${full.length.toLocaleString('en-US')} characters; kept a summary of the ${compressed.shape} (the full output stays in the log: recall ref ${call.callId})`,
      });
    }
    return;
  }
  ctx.emit(failed(call.decision, outcome.kind, outcome.error, durationMs, call.args, prefix));
  if (outcome.kind === 'cancelled') return;
  const count = ctx.state.failures.get(failureKey(call.name, call.args, outcome.error)) ?? 0;
  if (count >= MAX_IDENTICAL_FAILURES && !ctx.state.disabled.has(call.name)) {
    ctx.emit({
      type: 'tool.disabled',
      name: call.name,
      reason: `it failed ${count} times with the same arguments and the same error (${outcome.error})`,
    });
  }
}

function failed(
  decision: DecisionEvent,
  kind: ToolFailureKind,
  error: string,
  durationMs: number,
  args: Record<string, unknown>,
  prefix = '',
): { type: 'tool.failed' } & EventPayloads['tool.failed'] {
  return {
    type: 'tool.failed',
    round: decision.round,
    callId: decision.callId ?? '',
    name: decision.toolName ?? '',
    arguments: args,
    durationMs,
    error,
    kind,
    observation:
      kind === 'denied'
        ? `${prefix}${error[0]?.toUpperCase() ?? ''}${error.slice(1)}`
        : `${prefix}Error: ${error}`,
  };
}

/** What enters the context for a tool's output. */
export function observe(output: unknown): string {
  if (typeof output === 'string') return output;
  return JSON.stringify(output) ?? 'null';
}
