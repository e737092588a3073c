import type { EventOf } from '../events';
import type { NodeSpec } from './graph-store';
import type { ProjectionState } from './projection-state';
import { payloadOf } from './projection-state';
import { excerpt, summariseArguments } from './summarise';

const SUBTITLE = 60;
const NAME = 120;

/** A question is a step of its own; an approval goes down the lane of the call it is about. */
export function onHumanRequested(state: ProjectionState, event: EventOf<'human.requested'>): void {
  const data = { ...payloadOf(event), requestedSeq: event.seq };
  const toolId = event.toolCall ? state.toolByCallId.get(event.toolCall.callId) : undefined;
  let nodeId: string;
  if (event.kind === 'approval') {
    const tool = event.toolCall?.name ?? 'tool call';
    const spec: NodeSpec = {
      id: `approval:${event.seq}`,
      kind: 'approval',
      name: `approval needed: ${tool}`,
      title: `Approve ${tool}?`,
      subtitle: excerpt(event.question ?? summariseArguments(event.toolCall?.arguments ?? {}), SUBTITLE),
      status: 'waiting',
      firstSeq: event.seq,
      data,
    };
    if (!(toolId && state.store.addToLane(toolId, spec))) state.store.addRow(spec);
    if (toolId) state.store.update(toolId, { status: 'waiting' });
    nodeId = spec.id;
  } else {
    const question = event.question ?? '';
    const escalation = event.escalation ? `escalation: ${event.escalation.replaceAll('_', ' ')}` : undefined;
    nodeId = `question:${event.seq}`;
    state.store.addRow({
      id: nodeId,
      kind: 'question',
      name: `${escalation ?? 'question'}: ${excerpt(question, NAME)}`,
      title: escalation ? capitalise(escalation) : 'Question',
      subtitle: excerpt(question, SUBTITLE),
      status: 'waiting',
      firstSeq: event.seq,
      data,
    });
  }
  state.requests.set(event.requestId, { nodeId, ...(toolId ? { toolId } : {}) });
  state.pendingRequest = nodeId;
}

/** The person's answer follows the request it answers and settles the call an approval was about. */
export function onHumanResponded(state: ProjectionState, event: EventOf<'human.responded'>): void {
  const request = state.requests.get(event.requestId);
  const denied = event.decision === 'denied';
  const status = denied ? 'denied' : 'ok';
  const approval = event.kind === 'approval';
  const answer = event.answer ?? '';
  const edited = event.editedArguments ? `edited: ${summariseArguments(event.editedArguments)}` : undefined;
  const spec: NodeSpec = {
    id: `response:${event.seq}`,
    kind: 'response',
    name: approval ? `approval ${denied ? 'denied' : 'given'}` : `answer: ${excerpt(answer, NAME)}`,
    title: approval ? (denied ? 'Denied' : 'Approved') : 'Answer',
    subtitle: excerpt((approval ? (event.reason ?? edited) : answer) ?? '', SUBTITLE) || undefined,
    status,
    firstSeq: event.seq,
    data: { ...payloadOf(event), respondedSeq: event.seq },
  };
  if (!(request && state.store.addToLane(request.nodeId, spec))) state.store.addRow(spec);
  if (!request) return;
  const node = state.store.get(request.nodeId);
  state.store.update(request.nodeId, { status, data: { ...node?.data, respondedSeq: event.seq } });
  if (approval && request.toolId) state.store.update(request.toolId, { status: denied ? 'denied' : null });
  if (state.pendingRequest === request.nodeId) state.pendingRequest = undefined;
}

/** A pause for a person belongs to their request; any other pause is a notice of its own. */
export function onPaused(state: ProjectionState, event: EventOf<'run.paused'>): void {
  state.store.update('task', { status: 'waiting' });
  const request = state.pendingRequest;
  if (request) {
    const node = state.store.get(request);
    state.store.update(request, { data: { ...node?.data, pausedSeq: event.seq } });
    state.pausedRequest = request;
    return;
  }
  const id = `notice:${event.seq}`;
  state.store.addRow({
    id,
    kind: 'notice',
    name: `paused: ${excerpt(event.reason, NAME)}`,
    title: 'Paused',
    subtitle: excerpt(event.reason, SUBTITLE),
    status: 'waiting',
    firstSeq: event.seq,
    data: { reason: event.reason, pausedSeq: event.seq },
  });
  state.pauseNotice = id;
}

/** A resume closes the pause it ends; one without a pause (after a crash) is a notice of its own. */
export function onResumed(state: ProjectionState, event: EventOf<'run.resumed'>): void {
  state.store.update('task', { status: 'running' });
  const paused = state.pauseNotice ?? state.pausedRequest;
  if (paused) {
    const node = state.store.get(paused);
    const data = { ...node?.data, resumedSeq: event.seq, resumeReason: event.reason };
    if (paused === state.pauseNotice) {
      state.store.update(paused, { status: 'ok', title: 'Paused, then resumed', data });
    } else {
      state.store.update(paused, { data });
    }
    state.pauseNotice = undefined;
    state.pausedRequest = undefined;
    return;
  }
  state.store.addRow({
    id: `notice:${event.seq}`,
    kind: 'notice',
    name: `resumed: ${excerpt(event.reason, NAME)}`,
    title: 'Resumed',
    subtitle: excerpt(event.reason, SUBTITLE),
    firstSeq: event.seq,
    data: { reason: event.reason, resumedSeq: event.seq },
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
