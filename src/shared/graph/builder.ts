import type { EventOf, HermesEvent } from '../events';
import { onHumanRequested, onHumanResponded, onPaused, onResumed } from './human-steps';
import type { ProjectionState } from './projection-state';
import { createState, payloadOf } from './projection-state';
import {
  closeBatch,
  onDecision,
  onModelRequest,
  onModelResponse,
  onModelRetry,
  onToolDisabled,
  onToolEvent,
} from './round-steps';
import { excerpt } from './summarise';
import type { GraphDelta, LayoutOptions, RunGraph } from './types';

/** Builds one run's graph event by event, for a live view that applies each delta as it comes. */
export interface GraphBuilder {
  /**
   * Applies the run's next event and says what changed. Events must come in seq order; one at or
   * below the last seq applied is ignored (a reconnecting stream may send it again) and changes
   * nothing. An event of another run is a bug and throws.
   */
  add(event: HermesEvent): GraphDelta;
  /** The whole graph so far (copies the node and edge lists: O(nodes)). */
  graph(): RunGraph;
}

const SUBTITLE = 60;
const NAME = 120;

/**
 * The graph of a run, built incrementally: each event costs O(1) apart from the nodes it adds or
 * changes, and no node ever moves once placed, so a live run grows without the picture jumping.
 */
export function createGraphBuilder(options: LayoutOptions = {}): GraphBuilder {
  const state = createState(options.columnX ?? 0);
  return {
    add(event) {
      if (state.runId !== undefined && event.runId !== state.runId) {
        throw new Error(`graph of run ${state.runId} was given an event of run ${event.runId}`);
      }
      state.runId = event.runId;
      if (event.seq <= state.store.lastSeq) {
        return { seq: state.store.lastSeq, addedNodes: [], updatedNodes: [], addedEdges: [] };
      }
      state.store.begin(event.seq);
      apply(state, event);
      return state.store.delta();
    },
    graph: () => state.store.graph(),
  };
}

function apply(state: ProjectionState, event: HermesEvent): void {
  if (event.type !== 'decision') closeBatch(state);
  switch (event.type) {
    case 'run.started':
      onRunStarted(state, event);
      return;
    case 'model.request':
      onModelRequest(state, event);
      return;
    case 'model.retry':
      onModelRetry(state, event);
      return;
    case 'model.response':
      onModelResponse(state, event);
      return;
    case 'decision':
      onDecision(state, event);
      return;
    case 'tool.started':
    case 'tool.finished':
    case 'tool.failed':
      onToolEvent(state, event);
      return;
    case 'tool.disabled':
      onToolDisabled(state, event);
      return;
    case 'context.updated':
      onContextUpdated(state, event);
      return;
    case 'human.requested':
      onHumanRequested(state, event);
      return;
    case 'human.responded':
      onHumanResponded(state, event);
      return;
    case 'run.paused':
      onPaused(state, event);
      return;
    case 'run.resumed':
      onResumed(state, event);
      return;
    case 'run.finished':
      onRunFinished(state, event);
      return;
    default: {
      const unknown: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

function onRunStarted(state: ProjectionState, event: EventOf<'run.started'>): void {
  if (state.store.get('task')) return;
  state.store.addRow({
    id: 'task',
    kind: 'task',
    name: `task: ${excerpt(event.task, NAME)}`,
    title: 'Task',
    subtitle: excerpt(event.task, SUBTITLE),
    status: 'running',
    firstSeq: event.seq,
    data: { runId: event.runId, ...payloadOf(event), startedSeq: event.seq, startedAt: event.ts },
  });
}

/** Additions are every message of every round: only the changes that reshape the context are drawn. */
function onContextUpdated(state: ProjectionState, event: EventOf<'context.updated'>): void {
  if (event.op === 'add') return;
  const change = { seq: event.seq, ...payloadOf(event) };
  const last = state.store.lastRowNode;
  // Changes in a row (an eviction pass, say) are one step of the run: one node, not a long chain.
  if (last?.kind === 'context') {
    const changes = [...(last.data.changes as Record<string, unknown>[]), change];
    const subtitle = describeChanges(changes);
    state.store.update(last.id, {
      name: `context change: ${subtitle}`,
      subtitle,
      data: { changes, tokens: (last.data.tokens as number) + event.tokens },
    });
    return;
  }
  const subtitle = excerpt(`${event.op}: ${event.reason}`, SUBTITLE);
  state.store.addRow({
    id: `context:${event.seq}`,
    kind: 'context',
    name: `context change: ${subtitle}`,
    title: 'Context',
    subtitle,
    firstSeq: event.seq,
    data: { changes: [change], tokens: event.tokens },
  });
}

function describeChanges(changes: readonly Record<string, unknown>[]): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(String(change.op), (counts.get(String(change.op)) ?? 0) + 1);
  return [...counts].map(([op, count]) => (count > 1 ? `${op} ×${count}` : op)).join(', ');
}

/** The end of the run follows from every open branch; whatever was still running ends with it. */
function onRunFinished(state: ProjectionState, event: EventOf<'run.finished'>): void {
  const { store } = state;
  if (event.status !== 'succeeded') store.closeOpen(event.status === 'cancelled' ? 'cancelled' : 'failed');
  const end = { ...payloadOf(event), finishedSeq: event.seq };
  const status = event.status === 'succeeded' ? 'ok' : event.status;
  const task = store.get('task');
  if (task) store.update('task', { status, data: { ...task.data, ...end } });
  const common = { status, firstSeq: event.seq, data: end } as const;
  if (event.status === 'succeeded') {
    const answer = event.answer ?? '';
    store.addRow(
      {
        ...common,
        id: `answer:${event.seq}`,
        kind: 'answer',
        name: `final answer: ${excerpt(answer, NAME)}`,
        title: 'Final answer',
        subtitle: excerpt(answer, SUBTITLE),
      },
      'answer',
    );
    return;
  }
  if (event.status === 'failed') {
    const error = event.error ?? '';
    store.addRow(
      {
        ...common,
        id: `error:${event.seq}`,
        kind: 'error',
        name: `run failed: ${excerpt(error, NAME)}`,
        title: 'Run failed',
        subtitle: excerpt(error, SUBTITLE),
      },
      'answer',
    );
    return;
  }
  store.addRow(
    { ...common, id: `notice:${event.seq}`, kind: 'notice', name: 'run cancelled', title: 'Cancelled' },
    'answer',
  );
}
