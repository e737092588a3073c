import { canonicalJson } from '../../shared/canonical-json';
import type { AssistantMessage } from '../../shared/decision';
import type {
  ApprovalMode,
  ContextSettings,
  EscalationMode,
  EventOf,
  EventPayloads,
  HermesEvent,
  ModelInfo,
  ModelMode,
  RunReport,
  RunStatus,
  TokenUsage,
} from '../../shared/events';

export type DecisionEvent = EventOf<'decision'>;
export type ToolResultEvent = EventOf<'tool.finished'> | EventOf<'tool.failed'>;

/** Everything one round of the log holds, in the order the context needs it. */
export interface RoundRecord {
  round: number;
  mode: ModelMode;
  response?: AssistantMessage;
  decisions: DecisionEvent[];
  started: Set<string>;
  results: Map<string, ToolResultEvent>;
  /** Things the model must be told after this round's results (a tool was disabled, ...). */
  notices: string[];
  /** Tools the retry policy disabled in this round. */
  disabledTools: string[];
  answers: Map<string, EventOf<'human.responded'>>;
}

/**
 * The state of a run is a fold over its events, nothing more: the live loop, resume after a crash
 * and the rebuild of any past round's context all go through `applyEvent`.
 */
export interface RunState {
  runId: string;
  task: string;
  model: ModelInfo;
  workspace: string;
  tools: string[];
  /** The round limit, including rounds the person granted when the run asked for more. */
  maxRounds: number;
  approvals: ApprovalMode;
  escalation: EscalationMode;
  context: ContextSettings;
  /** Messages replaced by one-line stubs to keep requests within budget (`obs:<callId>`, `reasoning:r<n>`). */
  evicted: Set<string>;
  /** The latest plan, shown at the top of every request after it. */
  plan?: { text: string; round: number };
  peakContextShare: number;
  status: RunStatus;
  mode: ModelMode;
  rounds: RoundRecord[];
  disabled: Map<string, string>;
  /** `tool + arguments + error` → how many times that exact failure happened. */
  failures: Map<string, number>;
  /** Every request to a person, answered or not, by id. */
  requests: Map<string, EventPayloads['human.requested']>;
  pendingRequest?: EventPayloads['human.requested'];
  /** Tools the person approved for the rest of the run. */
  allowedForRun: Set<string>;
  /** Loop detection looks at rounds from this index on: the person said to go on after a loop. */
  loopCheckFrom: number;
  /** The person answered an escalation with "stop". */
  stopRequested?: string;
  finished?: EventPayloads['run.finished'];
  usage: TokenUsage;
  startedAt: number;
  lastTs: number;
  lastSeq: number;
}

export function initialState(started: EventOf<'run.started'>): RunState {
  return {
    runId: started.runId,
    task: started.task,
    model: started.model,
    workspace: started.workspace,
    tools: started.tools,
    maxRounds: started.maxRounds,
    approvals: started.approvals,
    escalation: started.escalation,
    context: started.context,
    evicted: new Set(),
    peakContextShare: 0,
    status: 'running',
    mode: 'native',
    rounds: [],
    disabled: new Map(),
    failures: new Map(),
    requests: new Map(),
    allowedForRun: new Set(),
    loopCheckFrom: 0,
    usage: { prompt: 0, completion: 0 },
    startedAt: started.ts,
    lastTs: started.ts,
    lastSeq: started.seq,
  };
}

export function currentRound(state: RunState): RoundRecord | undefined {
  return state.rounds[state.rounds.length - 1];
}

/** Stable key of a call: same tool and same arguments, whatever the key order. */
export function callSignature(name: string, args: unknown): string {
  return `${name}(${canonicalJson(args)})`;
}

export function failureKey(name: string, args: unknown, error: string): string {
  return `${callSignature(name, args)} -> ${error}`;
}

export function applyEvent(state: RunState, event: HermesEvent): RunState {
  state.lastSeq = event.seq;
  state.lastTs = event.ts;
  const round = currentRound(state);
  switch (event.type) {
    case 'run.started':
      break;
    case 'model.request':
      state.mode = event.mode;
      state.peakContextShare = Math.max(state.peakContextShare, event.share);
      // A round asked again (after falling back to JSON mode) is still the same round.
      if (round && round.round === event.round && !round.response) {
        round.mode = event.mode;
        break;
      }
      state.rounds.push({
        round: event.round,
        mode: event.mode,
        decisions: [],
        started: new Set(),
        results: new Map(),
        notices: [],
        disabledTools: [],
        answers: new Map(),
      });
      break;
    case 'model.response':
      if (round) round.response = event.raw;
      state.usage.prompt += event.usage.prompt;
      state.usage.completion += event.usage.completion;
      break;
    case 'model.retry':
      break;
    case 'context.updated':
      if (event.op === 'evict') state.evicted.add(event.messageId);
      if (event.op === 'replan' && event.content)
        state.plan = { text: event.content, round: state.rounds.length };
      break;
    case 'decision':
      round?.decisions.push(event);
      break;
    case 'tool.started':
      round?.started.add(event.callId);
      break;
    case 'tool.finished':
      round?.results.set(event.callId, event);
      break;
    case 'tool.failed':
      round?.results.set(event.callId, event);
      if (event.kind === 'error' || event.kind === 'timeout' || event.kind === 'crashed') {
        const key = failureKey(event.name, event.arguments, event.error);
        state.failures.set(key, (state.failures.get(key) ?? 0) + 1);
      }
      break;
    case 'tool.disabled':
      state.disabled.set(event.name, event.reason);
      round?.notices.push(`The tool ${event.name} is no longer available in this run: ${event.reason}`);
      round?.disabledTools.push(event.name);
      break;
    case 'human.requested':
      state.requests.set(event.requestId, event);
      state.pendingRequest = event;
      break;
    case 'human.responded':
      round?.answers.set(event.requestId, event);
      state.pendingRequest = undefined;
      applyResponse(state, event);
      break;
    case 'run.paused':
      state.status = 'paused';
      break;
    case 'run.resumed':
      state.status = 'running';
      break;
    case 'run.finished':
      state.status = event.status;
      state.finished = event;
      break;
    default: {
      const unknown: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unknown)}`);
    }
  }
  return state;
}

const STOP_WORDS = /^\s*(stop|no|n|cancel|quit|abort|end)\b/i;
const DEFAULT_EXTRA_ROUNDS = 5;

/** What a person's answer changes beyond the context: approvals for the run, escalation choices. */
function applyResponse(state: RunState, event: EventOf<'human.responded'>): void {
  const request = state.requests.get(event.requestId);
  if (
    event.kind === 'approval' &&
    event.decision === 'approved' &&
    event.scope === 'run' &&
    request?.toolCall
  ) {
    state.allowedForRun.add(request.toolCall.name);
  }
  if (!request?.escalation) return;
  const answer = event.answer ?? '';
  if (STOP_WORDS.test(answer)) {
    state.stopRequested = `the person chose to stop when asked (${request.question ?? request.escalation})`;
    return;
  }
  const more = Number(answer.match(/\d+/)?.[0] ?? DEFAULT_EXTRA_ROUNDS);
  if (request.escalation === 'round_limit') state.maxRounds += Math.max(1, Math.min(more, 1000));
  if (request.escalation === 'loop') state.loopCheckFrom = state.rounds.length;
}

/** Rounds at the end of the run whose every decision was unreadable. */
export function trailingInvalidRounds(state: RunState): number {
  let count = 0;
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const decisions = state.rounds[i]?.decisions ?? [];
    if (decisions.length === 0 || decisions.some((d) => d.kind !== 'invalid')) break;
    count += 1;
  }
  return count;
}

/** Folds a whole log; undefined when the log does not start with `run.started`. */
export function foldEvents(events: readonly HermesEvent[]): RunState | undefined {
  const [first, ...rest] = events;
  if (first?.type !== 'run.started') return undefined;
  const state = initialState(first);
  for (const event of rest) applyEvent(state, event);
  return state;
}

/** The run report: what `run.finished` carries and `show` prints. */
export function buildReport(state: RunState, now: number): RunReport {
  const toolCallsByName: Record<string, number> = {};
  let toolCalls = 0;
  let toolFailures = 0;
  for (const round of state.rounds) {
    for (const result of round.results.values()) {
      if (!round.started.has(result.callId)) continue;
      toolCalls += 1;
      toolCallsByName[result.name] = (toolCallsByName[result.name] ?? 0) + 1;
      if (result.type === 'tool.failed') toolFailures += 1;
    }
  }
  return {
    rounds: state.rounds.length,
    durationMs: Math.max(0, now - state.startedAt),
    tokens: { ...state.usage, total: state.usage.prompt + state.usage.completion },
    toolCalls,
    toolCallsByName,
    toolFailures,
    peakContextShare: state.peakContextShare,
  };
}
