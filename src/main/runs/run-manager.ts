import { mkdirSync } from 'node:fs';
import type { EventPayloads, HermesEvent } from '../../shared/events';
import type { LoopDeps, LoopOutcome } from '../agent/loop';
import { AgentLoop } from '../agent/loop';
import { defaultRetryPolicy } from '../agent/model-caller';
import type { RunState } from '../agent/run-state';
import { buildReport, foldEvents } from '../agent/run-state';
import type { RunConfig } from './config';
import { workspaceDir } from './data-dir';
import { newRunId } from './ids';
import { type Ownership, processOwner } from './ownership';
import { createModel, type Runtime } from './runtime';
import { rememberAlwaysAllowed } from './settings-store';

/** Tool calls of one response that run at once. */
const MAX_CONCURRENT_TOOLS = 8;
const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
const CANCEL_POLL_MS = 250;

/** What a caller follows of a run: its events once committed, and the model's text as it streams. */
export interface RunHooks {
  onEvent?: (event: HermesEvent) => void;
  onText?: (delta: string) => void;
}

/** What a person (or a restart) does to a run that stopped. */
export type Continuation =
  | { kind: 'answer'; text: string }
  | { kind: 'approve'; editedArguments?: Record<string, unknown>; scope?: 'once' | 'run' | 'always' }
  | { kind: 'deny'; reason?: string }
  | { kind: 'resume' };

export type RunResult = { ok: true; runId: string; outcome: LoopOutcome } | { ok: false; error: string };

/** A run under way: its id now, its result when it stops. */
export type Launched = { ok: true; runId: string; done: Promise<RunResult> } | { ok: false; error: string };

/**
 * Starts, continues and cancels runs. One process drives a run at a time (a lease in the store, with
 * a heartbeat); pauses are events, so a run can be continued here, in another process, or after a crash.
 */
export class RunManager {
  readonly #runtime: Runtime;
  readonly #owner: Ownership;
  /** Runs driven here: how to stop each, and when it has stopped. */
  readonly #active = new Map<string, { controller: AbortController; stopped: Promise<unknown> }>();
  #poll: NodeJS.Timeout | undefined;

  constructor(runtime: Runtime, owner: Ownership = processOwner()) {
    this.#runtime = runtime;
    this.#owner = owner;
  }

  /** Starts a run of `task` and drives it until it finishes or pauses. */
  async start(config: RunConfig, task: string, hooks: RunHooks = {}): Promise<RunResult> {
    const launched = this.launch(config, task, hooks);
    return launched.ok ? launched.done : launched;
  }

  /**
   * Starts a run and returns at once with its id (its `run.started` is already in the log); `done`
   * settles when the run finishes or pauses. For callers that follow runs by their events (the UI).
   */
  launch(config: RunConfig, task: string, hooks: RunHooks = {}, parentRunId?: string): Launched {
    const model = createModel(config);
    if (!model.ok) return { ok: false, error: model.error };
    const runId = newRunId();
    const workspace = workspaceDir(this.#runtime.dataDir, runId);
    mkdirSync(workspace, { recursive: true });
    this.#claim(runId);
    const unsubscribe = this.#follow(runId, hooks);
    const done = this.#drive(runId, config, hooks, unsubscribe, (deps) =>
      AgentLoop.start(
        {
          runId,
          task,
          ...(parentRunId ? { parentRunId } : {}),
          workspace,
          maxRounds: config.maxRounds,
          tools: this.#runtime.registry.names(),
          approvals: config.approvals,
          escalation: config.escalation,
          context: config.context,
        },
        { ...deps, model: model.model },
      ),
    );
    return { ok: true, runId, done };
  }

  /** Records a person's answer (or a resume after a crash) and drives the run on from its log. */
  async continue(
    runId: string,
    config: RunConfig,
    action: Continuation,
    by: string,
    hooks: RunHooks = {},
  ): Promise<RunResult> {
    const proceeding = this.proceed(runId, config, action, by, hooks);
    return proceeding.ok ? proceeding.done : proceeding;
  }

  /** Like `continue`, but returns once the answer is recorded; `done` settles when the run stops again. */
  proceed(
    runId: string,
    config: RunConfig,
    action: Continuation,
    by: string,
    hooks: RunHooks = {},
  ): Launched {
    const events = this.#runtime.store.events(runId, { expand: true });
    const state = foldEvents(events);
    if (!state) return { ok: false, error: `no run with id ${runId} (list them with: hermes-studio runs)` };
    const refusal = this.#refuse(state, action);
    if (refusal) return { ok: false, error: refusal };
    if (!this.#claim(runId))
      return { ok: false, error: `run ${runId} is being driven by another process right now` };
    const response = this.#response(state, events, action, by);
    if (response && 'error' in response) {
      this.#runtime.store.releaseRun(runId, this.#owner.id);
      return { ok: false, error: response.error };
    }
    const model = createModel(config);
    if (!model.ok) {
      this.#runtime.store.releaseRun(runId, this.#owner.id);
      return { ok: false, error: model.error };
    }
    const call = state.pendingRequest?.toolCall;
    if (response?.scope === 'always' && call) {
      // Remembered before anything is recorded: a choice that could not be saved is not half made.
      const remembered = rememberAlwaysAllowed(this.#runtime.dataDir, {
        tool: call.name,
        arguments: response.editedArguments ?? call.arguments,
      });
      if (!remembered.ok) {
        this.#runtime.store.releaseRun(runId, this.#owner.id);
        return { ok: false, error: `"always allow" could not be saved: ${remembered.error}` };
      }
    }
    model.model.continueAfter?.(state.rounds.filter((round) => round.response).length);
    const store = this.#runtime.store;
    const unsubscribe = this.#follow(runId, hooks);
    if (response) store.append(runId, { type: 'human.responded', ...response });
    store.append(runId, {
      type: 'run.resumed',
      reason: response ? `${response.kind} answered` : 'crash recovery',
    });
    store.flush();
    const done = this.#drive(runId, config, hooks, unsubscribe, (deps) =>
      AgentLoop.fromLog(runId, { ...deps, model: model.model }),
    );
    return { ok: true, runId, done };
  }

  /**
   * Stops a run: here by aborting it, in another live process by asking it to (it polls), and a run
   * nobody drives (paused, or left by a crash) by recording its end directly.
   */
  async cancel(runId: string): Promise<{ ok: true } | { ok: false; error: string }> {
    const store = this.#runtime.store;
    const local = this.#active.get(runId);
    if (local) {
      local.controller.abort();
      await local.stopped;
      // It may have paused just before the abort reached it; then it is ended below like any paused run.
      if (store.run(runId)?.status === 'cancelled') return { ok: true };
    }
    const state = foldEvents(store.events(runId, { expand: true }));
    if (!state) return { ok: false, error: `no run with id ${runId}` };
    if (state.finished) return { ok: false, error: `run ${runId} has already ${state.finished.status}` };
    if (this.#claim(runId)) {
      const payload: EventPayloads['run.finished'] = {
        status: 'cancelled',
        report: buildReport(state, Date.now()),
      };
      store.append(runId, { type: 'run.finished', ...payload });
      store.releaseRun(runId, this.#owner.id);
      return { ok: true };
    }
    store.requestCancel(runId);
    for (let waited = 0; waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (store.run(runId)?.status === 'cancelled') return { ok: true };
    }
    return { ok: false, error: `asked the process driving ${runId} to cancel it, but it has not yet` };
  }

  /** Runs whose log says running but whose driver is gone: what start-up offers to resume. */
  interruptedRuns(): string[] {
    return this.#runtime.store
      .runs({ status: 'running' })
      .filter((run) => !this.#active.has(run.runId))
      .filter((run) => {
        const lease = this.#runtime.store.lease(run.runId);
        return !lease?.owner || this.#owner.isStale(lease);
      })
      .map((run) => run.runId);
  }

  #refuse(state: RunState, action: Continuation): string | undefined {
    if (state.finished) return `run ${state.runId} has already ${state.finished.status}`;
    const pending = state.pendingRequest;
    if (action.kind === 'resume') {
      if (pending)
        return `run ${state.runId} is waiting for a person: use ${pending.kind === 'approval' ? 'approve or deny' : 'answer'}`;
      return undefined;
    }
    if (!pending) return `run ${state.runId} is not waiting for a person`;
    if (action.kind === 'answer' && pending.kind !== 'question') {
      return `run ${state.runId} is waiting for an approval, not an answer: use approve or deny`;
    }
    if (action.kind !== 'answer' && pending.kind !== 'approval') {
      return `run ${state.runId} is waiting for an answer to a question, not an approval: use answer`;
    }
    return undefined;
  }

  /** The `human.responded` payload for an action, with edited arguments checked against the tool's schema. */
  #response(
    state: RunState,
    events: HermesEvent[],
    action: Continuation,
    by: string,
  ): EventPayloads['human.responded'] | { error: string } | undefined {
    const pending = state.pendingRequest;
    if (action.kind === 'resume' || !pending) return undefined;
    const asked = [...events]
      .reverse()
      .find((e) => e.type === 'human.requested' && e.requestId === pending.requestId);
    const base = {
      requestId: pending.requestId,
      kind: pending.kind,
      by,
      waitedMs: Date.now() - (asked?.ts ?? Date.now()),
    };
    if (action.kind === 'answer') return { ...base, answer: action.text };
    if (action.kind === 'deny')
      return { ...base, decision: 'denied', ...(action.reason ? { reason: action.reason } : {}) };
    if (action.editedArguments && pending.toolCall) {
      const check = this.#runtime.registry.validate(pending.toolCall.name, action.editedArguments);
      if (!check.ok)
        return { error: `the edited arguments do not fit ${pending.toolCall.name}: ${check.error}` };
    }
    return {
      ...base,
      decision: 'approved',
      scope: action.scope ?? 'once',
      ...(action.editedArguments ? { editedArguments: action.editedArguments } : {}),
    };
  }

  async #drive(
    runId: string,
    config: RunConfig,
    hooks: RunHooks,
    unsubscribe: () => void,
    makeLoop: (deps: Omit<LoopDeps, 'model'>) => AgentLoop | undefined,
  ): Promise<RunResult> {
    this.#runtime.host.warmUp();
    const controller = new AbortController();
    let stop: (value: unknown) => void = () => {};
    this.#active.set(runId, { controller, stopped: new Promise((resolve) => (stop = resolve)) });
    this.#startPolling();
    const heartbeat = setInterval(() => this.#claim(runId), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const loop = makeLoop({
        store: this.#runtime.store,
        registry: this.#runtime.registry,
        host: this.#runtime.host,
        approvals: { perTool: config.toolPolicies, alwaysAllow: config.alwaysAllow },
        retry: defaultRetryPolicy,
        maxConcurrency: MAX_CONCURRENT_TOOLS,
        signal: controller.signal,
        ...(hooks.onText ? { onText: hooks.onText } : {}),
      });
      if (!loop) return { ok: false, error: `no run with id ${runId}` };
      return { ok: true, runId, outcome: await loop.run() };
    } finally {
      clearInterval(heartbeat);
      this.#active.delete(runId);
      if (this.#active.size === 0) this.#stopPolling();
      this.#runtime.store.releaseRun(runId, this.#owner.id);
      unsubscribe();
      stop(undefined);
    }
  }

  /** Passes the run's committed events to the caller. */
  #follow(runId: string, hooks: RunHooks): () => void {
    const { onEvent } = hooks;
    if (!onEvent) return () => {};
    return this.#runtime.store.subscribe((event) => {
      if (event.runId === runId) onEvent(event);
    });
  }

  #claim(runId: string): boolean {
    return this.#runtime.store.claimRun(runId, this.#owner.id, Date.now() + LEASE_MS, (lease) =>
      this.#owner.isStale(lease),
    );
  }

  /** Another process may ask for a cancel through the store; runs driven here look for that. */
  #startPolling(): void {
    this.#poll ??= setInterval(() => {
      for (const [runId, { controller }] of this.#active) {
        if (this.#runtime.store.lease(runId)?.cancelRequested) controller.abort();
      }
    }, CANCEL_POLL_MS);
    this.#poll.unref();
  }

  #stopPolling(): void {
    clearInterval(this.#poll);
    this.#poll = undefined;
  }
}
