import type { EventOf } from '../events';
import type { NodeSpec } from './graph-store';
import type { ProjectionState, RoundState } from './projection-state';
import { payloadOf } from './projection-state';
import { excerpt, summariseArguments } from './summarise';
import type { NodeStatus } from './types';

type DecisionEvent = EventOf<'decision'>;
type ToolEvent = EventOf<'tool.started'> | EventOf<'tool.finished'> | EventOf<'tool.failed'>;

const SUBTITLE = 60;

export function onModelRequest(state: ProjectionState, event: EventOf<'model.request'>): void {
  const round = ensureRound(state, event.round, event.seq);
  const { round: _round, ...request } = payloadOf(event);
  round.requests = [...round.requests, { seq: event.seq, ...request }];
  refreshRound(state, event.round, round);
}

export function onModelRetry(state: ProjectionState, event: EventOf<'model.retry'>): void {
  const round = ensureRound(state, event.round, event.seq);
  const { round: _round, ...retry } = payloadOf(event);
  round.retries = [...round.retries, { seq: event.seq, ...retry }];
  refreshRound(state, event.round, round);
}

export function onModelResponse(state: ProjectionState, event: EventOf<'model.response'>): void {
  const round = ensureRound(state, event.round, event.seq);
  const { round: _round, ...response } = payloadOf(event);
  round.response = { seq: event.seq, ...response };
  refreshRound(state, event.round, round);
}

/** Decisions of one response arrive one by one; their tool nodes wait until the last has arrived. */
export function onDecision(state: ProjectionState, event: DecisionEvent): void {
  if (state.batch !== undefined && state.batch !== event.round) closeBatch(state);
  const round = ensureRound(state, event.round, event.seq);
  round.decisions = [...round.decisions, event];
  state.batch = event.round;
  refreshRound(state, event.round, round);
}

/**
 * Places the tool calls of the round whose decisions were arriving, all at once: how many there are
 * is known only now, and they are centred under their decision without moving later.
 */
export function closeBatch(state: ProjectionState): void {
  const number = state.batch;
  state.batch = undefined;
  const round = number === undefined ? undefined : state.rounds.get(number);
  if (number === undefined || !round) return;
  const calls = round.decisions.slice(round.placed).filter((d) => d.kind === 'tool_call');
  round.placed = round.decisions.length;
  if (calls.length === 0) return;
  const specs = calls.map((decision) =>
    toolSpec(
      state,
      number,
      decision.callId,
      decision.toolName ?? '?',
      decision.arguments ?? {},
      decision.seq,
      {
        decisionSeq: decision.seq,
        ...(decision.reason ? { reason: decision.reason } : {}),
      },
    ),
  );
  state.store.addLanes(round.nodeId, specs);
  for (const spec of specs) remember(state, number, spec);
}

export function onToolEvent(state: ProjectionState, event: ToolEvent): void {
  const id =
    (event.callId && state.tools.get(`${event.round}:${event.callId}`)) || unannouncedTool(state, event);
  const node = state.store.get(id);
  if (!node) return;
  const data = { ...node.data, arguments: event.arguments };
  const subtitle = excerpt(summariseArguments(event.arguments, SUBTITLE), SUBTITLE);
  switch (event.type) {
    case 'tool.started':
      state.store.update(id, { status: 'running', subtitle, data: { ...data, startedSeq: event.seq } });
      return;
    case 'tool.finished':
      state.store.update(id, {
        status: 'ok',
        subtitle,
        data: {
          ...data,
          finishedSeq: event.seq,
          durationMs: event.durationMs,
          output: event.output,
          observation: event.observation,
          ...(event.changedFiles ? { changedFiles: event.changedFiles } : {}),
        },
      });
      return;
    case 'tool.failed':
      state.store.update(id, {
        status: failedStatus(event, node.status),
        subtitle,
        data: {
          ...data,
          failedSeq: event.seq,
          durationMs: event.durationMs,
          error: event.error,
          failureKind: event.kind,
          observation: event.observation,
        },
      });
      return;
  }
}

/** A disabled tool is a notice under the call that failed last, or a step of its own. */
export function onToolDisabled(state: ProjectionState, event: EventOf<'tool.disabled'>): void {
  const spec: NodeSpec = {
    id: `notice:${event.seq}`,
    kind: 'notice',
    name: `tool disabled: ${event.name}`,
    title: `${event.name} disabled`,
    subtitle: excerpt(event.reason, SUBTITLE),
    firstSeq: event.seq,
    data: { ...payloadOf(event), seq: event.seq },
  };
  const tool = state.toolByName.get(event.name);
  if (!(tool && state.store.addToLane(tool, spec))) state.store.addRow(spec);
}

function failedStatus(event: EventOf<'tool.failed'>, current: NodeStatus | undefined): NodeStatus {
  if (event.kind === 'cancelled') return 'cancelled';
  if (event.kind === 'denied' || current === 'denied') return 'denied';
  return 'failed';
}

/** A tool event with no decision before it (a hand-made log, a resumed call): placed where it fits. */
function unannouncedTool(state: ProjectionState, event: ToolEvent): string {
  const spec = toolSpec(state, event.round, event.callId, event.name, event.arguments, event.seq, {});
  const from = state.rounds.get(event.round)?.nodeId;
  if (!from) state.store.addRow(spec);
  else if (!state.store.addLaneBeside(from, spec)) state.store.addLanes(from, [spec]);
  remember(state, event.round, spec);
  return spec.id;
}

function toolSpec(
  state: ProjectionState,
  round: number,
  callId: string | undefined,
  name: string,
  args: Record<string, unknown>,
  seq: number,
  extra: Record<string, unknown>,
): NodeSpec {
  let id = `tool:${round}:${callId ?? seq}`;
  if (state.store.get(id)) id = `${id}#${seq}`;
  return {
    id,
    kind: 'tool',
    name: `tool call: ${name}`,
    title: name,
    subtitle: excerpt(summariseArguments(args, SUBTITLE), SUBTITLE),
    round,
    firstSeq: seq,
    data: { round, callId, name, arguments: args, ...extra },
  };
}

function remember(state: ProjectionState, round: number, spec: NodeSpec): void {
  const callId = spec.data.callId;
  if (typeof callId === 'string') {
    state.tools.set(`${round}:${callId}`, spec.id);
    state.toolByCallId.set(callId, spec.id);
  }
  state.toolByName.set(String(spec.data.name), spec.id);
}

/** A round's node: `model` while the model is asked, `decision` once it has answered. */
function ensureRound(state: ProjectionState, number: number, seq: number): RoundState {
  state.store.enterRound(number);
  const known = state.rounds.get(number);
  if (known) return known;
  const nodeId = `round:${number}`;
  const round: RoundState = { nodeId, decisions: [], placed: 0, requests: [], retries: [] };
  state.rounds.set(number, round);
  state.store.addRow({
    id: nodeId,
    kind: 'model',
    name: `round ${number}: asking the model`,
    title: `Round ${number}`,
    subtitle: 'asking the model…',
    status: 'running',
    round: number,
    firstSeq: seq,
    data: { round: number },
  });
  return round;
}

function refreshRound(state: ProjectionState, number: number, round: RoundState): void {
  const data: Record<string, unknown> = {
    round: number,
    requests: round.requests,
    retries: round.retries,
    ...(round.response ? { response: round.response } : {}),
    decisions: round.decisions.map(decisionData),
  };
  const reasons = round.decisions.map((d) => d.reason).filter((r): r is string => Boolean(r));
  if (reasons.length > 0) data.reason = reasons.join('; ');
  if (round.decisions.length === 0) {
    const retry = round.retries.length;
    const subtitle = retry > 0 ? `asking the model… (retry ${retry})` : 'asking the model…';
    state.store.update(round.nodeId, { subtitle, data });
    return;
  }
  const summary = describeDecisions(round.decisions);
  const failed = round.decisions.every((d) => d.kind === 'invalid');
  state.store.update(round.nodeId, {
    kind: 'decision',
    name: `round ${number} decision: ${summary}`,
    subtitle: excerpt(summary, SUBTITLE),
    status: failed ? 'failed' : 'ok',
    data,
  });
}

function describeDecisions(decisions: readonly DecisionEvent[]): string {
  const calls = decisions.filter((d) => d.kind === 'tool_call').map((d) => d.toolName ?? '?');
  if (calls.length === 1) return `call ${calls[0]}`;
  if (calls.length > 1) return `call ${calls.length} tools: ${calls.join(', ')}`;
  const question = decisions.find((d) => d.kind === 'ask_user');
  if (question) return `ask: ${question.content ?? ''}`;
  const answer = decisions.find((d) => d.kind === 'final_answer');
  if (answer) return `answer: ${answer.content ?? ''}`;
  return `unreadable reply: ${decisions[0]?.reason ?? ''}`;
}

function decisionData(event: DecisionEvent): Record<string, unknown> {
  return { seq: event.seq, ...payloadOf(event) };
}
