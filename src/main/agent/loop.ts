import type { AssistantMessage } from '../../shared/decision';
import type {
  ApprovalMode,
  ContextSettings,
  Escalation,
  EscalationMode,
  EventPayloads,
  HermesEvent,
  ModelMode,
  NewEvent,
} from '../../shared/events';
import { nativeCallId } from '../context/build-context';
import { createTokenCounter, type TokenCounter } from '../context/tokens';
import type { ModelClient, ModelFailure } from '../models/types';
import type { EventStore } from '../store/event-store';
import type { ApprovalConfig } from '../tools/approval';
import type { ToolRegistry } from '../tools/registry';
import type { ToolHost } from '../tools/tool-host';
import { detectRepetition, roundSignature } from './loop-detector';
import type { RetryPolicy } from './model-caller';
import { callModelWithRetry } from './model-caller';
import { parseDecisions } from './parser';
import { prepareRequest } from './prepare-request';
import type { DecisionEvent, RoundRecord, RunState } from './run-state';
import {
  applyEvent,
  buildReport,
  currentRound,
  foldEvents,
  initialState,
  trailingInvalidRounds,
} from './run-state';
import { settleToolCalls } from './tool-round';

/** Unreadable replies in a row before the run gives up on the model. */
const MAX_CONSECUTIVE_INVALID = 3;

export interface LoopDeps {
  store: EventStore;
  model: ModelClient;
  registry: ToolRegistry;
  host: ToolHost;
  /** Per-tool policies and always-allowed calls; the ask/auto/deny mode is the run's own (run.started). */
  approvals: Omit<ApprovalConfig, 'approvals'>;
  retry: RetryPolicy;
  maxConcurrency: number;
  signal?: AbortSignal;
  onText?: (delta: string) => void;
}

export interface NewRun {
  runId: string;
  task: string;
  workspace: string;
  maxRounds: number;
  tools: string[];
  approvals: ApprovalMode;
  escalation: EscalationMode;
  context: ContextSettings;
  /** The run this one follows up (a chat's earlier turn). */
  parentRunId?: string;
}

/** Why a run stopped and how: the caller maps it to an exit code or a UI state. */
export type LoopOutcome =
  | { status: 'succeeded'; answer: string }
  | { status: 'failed'; error: string; configuration: boolean }
  | { status: 'cancelled' }
  | { status: 'paused'; reason: string };

/**
 * The task loop: build the context → ask the model → parse → act, until a final answer, a pause for a
 * person, a stop condition or cancellation. Its state is only ever the fold of what it appended.
 */
export class AgentLoop {
  readonly state: RunState;
  readonly #deps: LoopDeps;
  readonly #signal: AbortSignal;
  /** Native tool calling until the endpoint refuses tools; then JSON in content for the rest of the run. */
  #mode: ModelMode;
  readonly #counter: TokenCounter;

  private constructor(state: RunState, deps: LoopDeps) {
    this.state = state;
    this.#mode = state.mode;
    this.#counter = createTokenCounter(state.model.model);
    this.#deps = deps;
    this.#signal = deps.signal ?? new AbortController().signal;
  }

  static start(run: NewRun, deps: LoopDeps): AgentLoop {
    const started = deps.store.append(run.runId, {
      type: 'run.started',
      task: run.task,
      model: deps.model.info,
      workspace: run.workspace,
      tools: run.tools,
      maxRounds: run.maxRounds,
      approvals: run.approvals,
      escalation: run.escalation,
      context: run.context,
      ...(run.parentRunId ? { parentRunId: run.parentRunId } : {}),
    });
    deps.store.flush();
    if (started.type !== 'run.started') throw new Error('the store returned another event than it was given');
    return new AgentLoop(initialState(started), deps);
  }

  /** Picks a run up from its log (after a pause or a crash). */
  static fromLog(runId: string, deps: LoopDeps): AgentLoop | undefined {
    const state = foldEvents(deps.store.events(runId, { expand: true }));
    return state ? new AgentLoop(state, deps) : undefined;
  }

  /**
   * Drives the run from wherever its log stands: a fresh start, after a person's answer, or after a
   * crash. Each pass first settles the last round's decisions, then asks the model for the next one.
   */
  async run(): Promise<LoopOutcome> {
    for (;;) {
      if (this.#signal.aborted) return this.#finish({ status: 'cancelled' });
      if (this.state.stopRequested) {
        return this.#finish({
          status: 'failed',
          error: `stopped: ${this.state.stopRequested}`,
          configuration: false,
        });
      }
      if (this.state.pendingRequest) return { status: 'paused', reason: this.state.pendingRequest.kind };
      const last = currentRound(this.state);
      if (last?.response) {
        const stop = await this.#act(last);
        if (stop) return stop;
      }
      const round = last && !last.response ? last.round : this.state.rounds.length + 1;
      if (round > this.state.maxRounds) {
        const reason = `the run reached its round limit (${this.state.maxRounds} rounds) without a final answer`;
        return this.#escalate('round_limit', `escalation:round_limit:${this.state.maxRounds}`, {
          question: `${reason}. Continue with 5 more rounds (or say how many), or stop?`,
          error: `stopped: ${reason}; raise --max-rounds or AGENT_MAX_ROUND to allow more`,
        });
      }
      const reply = await this.#ask(round);
      if (!reply.ok) {
        if (reply.failure.kind === 'cancelled') return this.#finish({ status: 'cancelled' });
        return this.#finish({
          status: 'failed',
          error: reply.failure.message,
          configuration: reply.failure.kind === 'configuration',
        });
      }
      this.#decide(round, reply.message);
    }
  }

  /** Acts on a round's decisions; returns how the run stops, or nothing to go on to the next round. */
  async #act(round: RoundRecord): Promise<LoopOutcome | undefined> {
    const decisions = round.decisions;
    if (decisions.some((d) => d.kind === 'tool_call')) {
      const request = await settleToolCalls(round, this.#toolContext());
      if (this.#signal.aborted) return this.#finish({ status: 'cancelled' });
      if (request) return this.#pause(request);
      return this.#afterToolRound(round);
    }
    const question = decisions.find((d) => d.kind === 'ask_user');
    if (question) {
      const requestId = question.callId ?? `ask_r${round.round}`;
      if (round.answers.has(requestId)) return undefined;
      return this.#pause({ requestId, kind: 'question', question: question.content ?? '' });
    }
    const answer = decisions.find((d) => d.kind === 'final_answer');
    if (answer) return this.#finish({ status: 'succeeded', answer: answer.content ?? '' });
    const unreadable = trailingInvalidRounds(this.state);
    if (unreadable >= MAX_CONSECUTIVE_INVALID) {
      const reason = decisions[0]?.reason ?? 'unreadable reply';
      return this.#finish({
        status: 'failed',
        error: `stopped: the model's reply could not be understood ${unreadable} times in a row (last: ${reason})`,
        configuration: false,
      });
    }
    return undefined;
  }

  /** The stop conditions a tool round can trip: a tool disabled by the retry policy, a repeating pattern. */
  #afterToolRound(round: RoundRecord): LoopOutcome | undefined {
    const disabled = round.disabledTools[0];
    const disabledId = `escalation:tool_disabled:${disabled}`;
    if (disabled && this.state.escalation === 'ask' && !this.state.requests.has(disabledId)) {
      const reason = `the tool ${disabled} kept failing the same way and was disabled for this run`;
      return this.#escalate('tool_disabled', disabledId, {
        question: `${reason}. Continue without it, or stop?`,
        error: `stopped: ${reason}`,
      });
    }
    const loop = detectRepetition(this.state.rounds.slice(this.state.loopCheckFrom).map(roundSignature));
    if (!loop) return undefined;
    const what = loop.pattern.length === 1 ? 'action' : `${loop.pattern.length} actions`;
    const reason = `the agent repeated the same ${what} ${loop.repeats} times without progress (${loop.pattern.join(' → ')})`;
    return this.#escalate('loop', `escalation:loop:${round.round}`, {
      question: `${reason}. Continue anyway, or stop?`,
      error: `stopped: ${reason}`,
    });
  }

  /** A stop condition: asks the person whether to go on when the run may ask, else ends the run with the reason. */
  #escalate(
    escalation: Escalation,
    requestId: string,
    words: { question: string; error: string },
  ): LoopOutcome {
    if (this.state.escalation === 'ask' && !this.state.requests.has(requestId)) {
      return this.#pause({ requestId, kind: 'question', question: words.question, escalation });
    }
    return this.#finish({ status: 'failed', error: words.error, configuration: false });
  }

  async #ask(
    round: number,
  ): Promise<{ ok: true; message: AssistantMessage } | { ok: false; failure: ModelFailure }> {
    const { model, registry, retry } = this.#deps;
    for (;;) {
      const mode = this.#mode;
      const { messages, tools, tokens, share } = await prepareRequest(round, mode, {
        state: this.state,
        registry,
        counter: this.#counter,
        model,
        signal: this.#signal,
        emit: (event) => this.#emit(event),
      });
      this.#emit({
        type: 'model.request',
        round,
        messageCount: messages.length,
        tokenEstimate: tokens,
        share,
        mode,
      });
      this.#deps.store.flush();
      const started = performance.now();
      const result = await callModelWithRetry(
        model,
        { messages, tools, signal: this.#signal, onText: this.#deps.onText },
        { round, policy: retry, onRetry: (payload) => this.#emit({ type: 'model.retry', ...payload }) },
      );
      if (!result.ok && result.failure.kind === 'tools_unsupported' && mode === 'native') {
        this.#emit({
          type: 'model.retry',
          round,
          attempt: 1,
          error: `${result.failure.message}; asking for JSON decisions in the reply instead`,
          ...(result.failure.status !== undefined ? { status: result.failure.status } : {}),
          delayMs: 0,
        });
        this.#mode = 'json';
        continue;
      }
      if (!result.ok) return result;
      this.#emit({
        type: 'model.response',
        round,
        raw: result.reply.message,
        usage: result.reply.usage,
        latencyMs: Math.round(performance.now() - started),
        ...(result.reply.finishReason ? { finishReason: result.reply.finishReason } : {}),
      });
      return { ok: true, message: result.reply.message };
    }
  }

  #decide(round: number, raw: AssistantMessage): DecisionEvent[] {
    const decisions = parseDecisions(withCallIds(raw, round), { toolNames: this.state.tools });
    return decisions.map(({ type, ...decision }, index) => {
      const needsId = !decision.callId && (type === 'tool_call' || type === 'ask_user');
      const stored = this.#emit({
        type: 'decision',
        kind: type,
        round,
        index,
        ...decision,
        ...(needsId ? { callId: `call_r${round}_c${index}` } : {}),
      });
      return stored as DecisionEvent;
    });
  }

  #pause(request: EventPayloads['human.requested']): LoopOutcome {
    this.#emit({ type: 'human.requested', ...request });
    const reason = request.escalation ? 'escalation' : request.kind;
    this.#emit({ type: 'run.paused', reason });
    this.#deps.store.flush();
    return { status: 'paused', reason };
  }

  #finish(outcome: Exclude<LoopOutcome, { status: 'paused' }>): LoopOutcome {
    const payload: EventPayloads['run.finished'] = {
      status: outcome.status,
      report: buildReport(this.state, Date.now()),
      ...(outcome.status === 'succeeded' ? { answer: outcome.answer } : {}),
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
    };
    this.#emit({ type: 'run.finished', ...payload });
    this.#deps.store.flush();
    return outcome;
  }

  #toolContext() {
    return {
      state: this.state,
      registry: this.#deps.registry,
      host: this.#deps.host,
      approvals: { ...this.#deps.approvals, approvals: this.state.approvals },
      maxConcurrency: this.#deps.maxConcurrency,
      signal: this.#signal,
      counter: this.#counter,
      archive: this.#deps.store.file,
      emit: (event: NewEvent) => this.#emit(event),
      flush: () => this.#deps.store.flush(),
    };
  }

  #emit(event: NewEvent): HermesEvent {
    const stored = this.#deps.store.append(this.state.runId, event);
    applyEvent(this.state, stored);
    return stored;
  }
}

/** Gives every native tool call an id (some local servers omit them) so results can answer it. */
function withCallIds(raw: AssistantMessage, round: number): AssistantMessage {
  if (!raw.tool_calls?.some((call) => !call.id)) return raw;
  return {
    ...raw,
    tool_calls: raw.tool_calls.map((call, index) =>
      call.id ? call : { ...call, id: nativeCallId(round, index) },
    ),
  };
}
