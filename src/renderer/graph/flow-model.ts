import type { HermesEvent } from '../../shared/events';
import type { GraphEdge, GraphNode, RunGraph } from '../../shared/graph';
import { type NodeState, type RunFlowEdge, type RunFlowNode, toFlowEdge, toFlowNode } from './flow-elements';
import { RunProjector } from './run-projector';

/** What the graph view draws at one moment. */
export interface FlowView {
  runId: string | undefined;
  nodes: RunFlowNode[];
  edges: RunFlowEdge[];
  /** The whole run so far: its extent does not change with the replay step. */
  full: RunGraph;
  /** The run at the step shown (the whole run when live). */
  shown: RunGraph;
  /** The node the last event shown added or changed: what following the run keeps in view. */
  focus: GraphNode | undefined;
  /** No `run.finished` yet: the run may still grow. */
  live: boolean;
}

/**
 * Turns a run's events, a replay step and a selection into React Flow's nodes and edges. Node and
 * edge objects are reused for as long as their GraphNode is unchanged, so memoised node components
 * and React Flow's own bookkeeping skip everything that did not change. Nodes that do not exist yet
 * at the step shown stay in the list, hidden, so their positions (and the view) never jump.
 */
export class FlowModel {
  readonly #live = new RunProjector();
  readonly #step = new RunProjector();
  readonly #nodes = new Map<NodeState, WeakMap<GraphNode, RunFlowNode>>([
    ['shown', new WeakMap()],
    ['hidden', new WeakMap()],
  ]);
  readonly #edges = new Map<boolean, WeakMap<GraphEdge, RunFlowEdge>>([
    [false, new WeakMap()],
    [true, new WeakMap()],
  ]);
  #last: { full: RunGraph; shown: RunGraph; selected: string | undefined; view: FlowView } | undefined;

  view(events: readonly HermesEvent[], uptoSeq?: number, selectedId?: string): FlowView {
    const full = this.#live.project(events);
    const shown =
      uptoSeq === undefined || uptoSeq >= full.lastSeq ? full : this.#step.project(events, uptoSeq);
    const last = this.#last;
    if (last && last.full === full && last.shown === shown && last.selected === selectedId) return last.view;
    const view = this.#build(events, full, shown, selectedId);
    this.#last = { full, shown, selected: selectedId, view };
    return view;
  }

  #build(
    events: readonly HermesEvent[],
    full: RunGraph,
    shown: RunGraph,
    selectedId: string | undefined,
  ): FlowView {
    const atStep = shown === full ? undefined : new Map(shown.nodes.map((node) => [node.id, node]));
    const nodes = full.nodes.map((node) => {
      const current = atStep ? atStep.get(node.id) : node;
      if (!current) return this.#node(node, 'hidden');
      return this.#node(current, current.id === selectedId ? 'selected' : 'shown');
    });
    const edges = full.edges.map((edge) =>
      this.#edge(edge, atStep !== undefined && !atStep.has(edge.target)),
    );
    return {
      runId: events[0]?.runId,
      nodes,
      edges,
      full,
      shown,
      focus: newest(shown.nodes),
      live: events[events.length - 1]?.type !== 'run.finished',
    };
  }

  #node(node: GraphNode, state: NodeState): RunFlowNode {
    const cache = this.#nodes.get(state);
    if (!cache) return toFlowNode(node, state);
    let flow = cache.get(node);
    if (!flow) {
      flow = toFlowNode(node, state);
      cache.set(node, flow);
    }
    return flow;
  }

  #edge(edge: GraphEdge, hidden: boolean): RunFlowEdge {
    const cache = this.#edges.get(hidden);
    let flow = cache?.get(edge);
    if (!flow) {
      flow = toFlowEdge(edge, hidden);
      cache?.set(edge, flow);
    }
    return flow;
  }
}

/** The node the latest event touched; the last one placed wins a tie. */
function newest(nodes: readonly GraphNode[]): GraphNode | undefined {
  let best: GraphNode | undefined;
  for (const node of nodes) if (!best || node.lastSeq >= best.lastSeq) best = node;
  return best;
}
