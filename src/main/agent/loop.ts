import type { AssistantMessage } from '../../shared/decision';
import type { EventPayloads, HermesEvent, ModelMode, NewEvent } from '../../shared/events';
import { buildMessages, nativeCallId } from '../context/build-context';
import type { ModelClient, ModelFailure, ToolSpec } from '../models/types';
import type { EventStore } from '../store/event-store';
import type { ApprovalConfig } from '../tools/approval';
import type { ToolRegistry } from '../tools/registry';
import type { ToolHost } from '../tools/tool-host';
import { detectRepetition, roundSignature } from './loop-detector';
import type { RetryPolicy } from './model-caller';
import { callModelWithRetry } from './model-caller';
import { parseDecisions } from './parser';
import { askUserSpec } from './prompts';
import type { DecisionEvent, RunState } from './run-state';
import { applyEvent, buildReport, currentRound, foldEvents, initialState } from './run-state';
import { runToolCalls } from './tool-round';

/** Unreadable replies in a row before the run gives up on the model. */
const MAX_CONSECUTIVE_INVALID = 3;

export interface LoopDeps {
  store: EventStore;
  model: ModelClient;
  registry: ToolRegistry;
  host: ToolHost;
  approvals: ApprovalConfig;
  retry: RetryPolicy;
  maxConcurrency: number;
  signal?: AbortSignal;
  onEvent?: (event: HermesEvent) => void;
  onText?: (delta: string) => void;
}

export interface NewRun {
  runId: string;
  task: string;
  workspace: string;
  maxRounds: number;
  tools: string[];
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

  private constructor(state: RunState, deps: LoopDeps) {
    this.state = state;
    this.#mode = state.mode;
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
    });
    deps.store.flush();
    if (started.type !== 'run.started') throw new Error('the store returned another event than it was given');
    deps.onEvent?.(started);
    return new AgentLoop(initialState(started), deps);
  }

  /** Picks a run up from its log (after a pause or a crash). */
  static fromLog(runId: string, deps: LoopDeps): AgentLoop | undefined {
    const state = foldEvents(deps.store.events(runId, { expand: true }));
    return state ? new AgentLoop(state, deps) : undefined;
  }

  async run(): Promise<LoopOutcome> {
    let invalidInARow = 0;
    for (;;) {
      if (this.#signal.aborted) return this.#finish({ status: 'cancelled' });
      const last = currentRound(this.state);
      const round = last && !last.response ? last.round : this.state.rounds.length + 1;
      if (round > this.state.maxRounds) {
        return this.#finish({
          status: 'failed',
          error: `stopped at the round limit (${this.state.maxRounds} rounds) without a final answer; raise --max-rounds or AGENT_MAX_ROUND to allow more`,
          configuration: false,
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
      const decisions = this.#decide(round, reply.message);
      const calls = decisions.filter((d) => d.kind === 'tool_call');
      if (calls.length > 0) {
        invalidInARow = 0;
        await runToolCalls(calls, this.#toolContext());
        if (this.#signal.aborted) return this.#finish({ status: 'cancelled' });
        const loop = detectRepetition(this.state.rounds.map(roundSignature));
        if (loop) {
          return this.#finish({
            status: 'failed',
            error: `stopped: the agent repeated the same ${loop.pattern.length === 1 ? 'action' : `${loop.pattern.length} actions`} ${loop.repeats} times without progress (${loop.pattern.join(' → ')})`,
            configuration: false,
          });
        }
        continue;
      }
      const question = decisions.find((d) => d.kind === 'ask_user');
      if (question) return this.#pauseForQuestion(question);
      const answer = decisions.find((d) => d.kind === 'final_answer');
      if (answer) return this.#finish({ status: 'succeeded', answer: answer.content ?? '' });
      invalidInARow += 1;
      if (invalidInARow >= MAX_CONSECUTIVE_INVALID) {
        const reason = decisions[0]?.reason ?? 'unreadable reply';
        return this.#finish({
          status: 'failed',
          error: `stopped: the model's reply could not be understood ${invalidInARow} times in a row (last: ${reason})`,
          configuration: false,
        });
      }
    }
  }

  async #ask(
    round: number,
  ): Promise<{ ok: true; message: AssistantMessage } | { ok: false; failure: ModelFailure }> {
    const { model, registry, retry } = this.#deps;
    for (;;) {
      const mode = this.#mode;
      const messages = buildMessages(this.state, round, mode, {
        describeTools: (names) => registry.describeForPrompt(names),
      });
      const tools: ToolSpec[] | undefined =
        mode === 'native' ? [...registry.specs(this.#availableTools()), askUserSpec] : undefined;
      this.#emit({
        type: 'model.request',
        round,
        messageCount: messages.length,
        tokenEstimate: estimateTokens(messages, tools),
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

  #pauseForQuestion(question: DecisionEvent): LoopOutcome {
    const requestId = question.callId ?? `ask_r${question.round}`;
    this.#emit({ type: 'human.requested', requestId, kind: 'question', question: question.content ?? '' });
    const reason = 'question';
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

  #availableTools(): string[] {
    return this.state.tools.filter((name) => !this.state.disabled.has(name));
  }

  #toolContext() {
    return {
      state: this.state,
      registry: this.#deps.registry,
      host: this.#deps.host,
      approvals: this.#deps.approvals,
      maxConcurrency: this.#deps.maxConcurrency,
      signal: this.#signal,
      emit: (event: NewEvent) => this.#emit(event),
      flush: () => this.#deps.store.flush(),
    };
  }

  #emit(event: NewEvent): HermesEvent {
    const stored = this.#deps.store.append(this.state.runId, event);
    applyEvent(this.state, stored);
    this.#deps.onEvent?.(stored);
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

function estimateTokens(messages: unknown, tools: unknown): number {
  return Math.ceil((JSON.stringify(messages).length + (tools ? JSON.stringify(tools).length : 0)) / 4);
}
