import type { EventPayloads, HermesEvent, NewEvent, ToolFailureKind } from '../../shared/events';
import type { ApprovalConfig } from '../tools/approval';
import { resolvePolicy } from '../tools/approval';
import type { ToolRegistry } from '../tools/registry';
import type { ToolHost } from '../tools/tool-host';
import type { DecisionEvent, RunState } from './run-state';
import { failureKey } from './run-state';

/** A call repeated with the same arguments and the same error runs at most this many times. */
export const MAX_IDENTICAL_FAILURES = 3;

export interface ToolRoundContext {
  state: RunState;
  registry: ToolRegistry;
  host: ToolHost;
  approvals: ApprovalConfig;
  maxConcurrency: number;
  signal: AbortSignal;
  /** Appends to the log, folds into `state` and tells subscribers. */
  emit: (event: NewEvent) => HermesEvent;
  flush: () => void;
}

type Prepared = { decision: DecisionEvent; name: string; callId: string; args: Record<string, unknown> };

/**
 * Runs one response's tool calls: refusals decided up front (unknown, disabled, invalid arguments,
 * policy), then the rest concurrently, at most `maxConcurrency` at a time. `tool.started` for every
 * call is durable before any of them runs, so a crash mid-call is visible in the log.
 */
export async function runToolCalls(calls: DecisionEvent[], ctx: ToolRoundContext): Promise<void> {
  const runnable: Prepared[] = [];
  for (const decision of calls) {
    const name = decision.toolName ?? '';
    const callId = decision.callId ?? '';
    const args = decision.arguments ?? {};
    const checked = check(name, args, ctx);
    if (!checked.ok) {
      ctx.emit(failed(decision.round, callId, name, args, checked.kind, checked.error, 0));
      continue;
    }
    runnable.push({ decision, name, callId, args: checked.args });
  }
  for (const call of runnable) {
    ctx.emit({
      type: 'tool.started',
      round: call.decision.round,
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
}

/** Whether the call may run, and with which arguments (as the tool's schema parsed them). */
function check(
  name: string,
  args: Record<string, unknown>,
  ctx: ToolRoundContext,
): { ok: true; args: Record<string, unknown> } | { ok: false; kind: ToolFailureKind; error: string } {
  const tool = ctx.state.tools.includes(name) ? ctx.registry.get(name) : undefined;
  if (!tool) {
    const available = ctx.state.tools.filter((t) => !ctx.state.disabled.has(t)).join(', ');
    return {
      ok: false,
      kind: 'unknown_tool',
      error: `there is no tool named '${name}'. Available tools: ${available}`,
    };
  }
  const disabledReason = ctx.state.disabled.get(name);
  if (disabledReason) {
    return {
      ok: false,
      kind: 'disabled',
      error: `the tool ${name} is disabled for this run: ${disabledReason}`,
    };
  }
  const validation = ctx.registry.validate(name, args);
  if (!validation.ok) return { ok: false, kind: 'validation', error: validation.error };
  const policy = resolvePolicy(tool, ctx.approvals);
  if (policy === 'deny') {
    return { ok: false, kind: 'policy', error: `the approval policy does not allow ${name} in this run` };
  }
  if (policy === 'ask') {
    return {
      ok: false,
      kind: 'policy',
      error: `${name} needs a person's approval and this run cannot ask anyone; it was not run (start the run with --approvals auto to allow it)`,
    };
  }
  return { ok: true, args: validation.args as Record<string, unknown> };
}

async function execute(call: Prepared, ctx: ToolRoundContext): Promise<void> {
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
  });
  const durationMs = Math.round(performance.now() - started);
  const round = call.decision.round;
  if (outcome.ok) {
    ctx.emit({
      type: 'tool.finished',
      round,
      callId: call.callId,
      name: call.name,
      arguments: call.args,
      durationMs,
      output: outcome.output,
      observation: observe(outcome.output),
      ...(outcome.changedFiles.length ? { changedFiles: outcome.changedFiles } : {}),
    });
    return;
  }
  ctx.emit(failed(round, call.callId, call.name, call.args, outcome.kind, outcome.error, durationMs));
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
  round: number,
  callId: string,
  name: string,
  args: Record<string, unknown>,
  kind: ToolFailureKind,
  error: string,
  durationMs: number,
): { type: 'tool.failed' } & EventPayloads['tool.failed'] {
  return {
    type: 'tool.failed',
    round,
    callId,
    name,
    arguments: args,
    durationMs,
    error,
    kind,
    observation: `Error: ${error}`,
  };
}

/** What enters the context for a tool's output. */
export function observe(output: unknown): string {
  if (typeof output === 'string') return output;
  return JSON.stringify(output) ?? 'null';
}
