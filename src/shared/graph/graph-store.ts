import type { LaneKind } from './layout';
import { ColumnLayout, NODE_SIZES } from './layout';
import type { EdgeKind, GraphDelta, GraphEdge, GraphNode, NodeKind, NodeStatus, RunGraph } from './types';

/** A node as the projection describes it; the store adds its size, position and accessible label. */
export interface NodeSpec {
  id: string;
  kind: NodeKind;
  /** Accessible name without the status; the status word is appended to make `label`. */
  name: string;
  title: string;
  subtitle?: string;
  status?: NodeStatus;
  round?: number;
  firstSeq: number;
  data: Record<string, unknown>;
}

/** What may change in a node after it is placed; position and size never do. */
export type NodeChange = Partial<Pick<NodeSpec, 'kind' | 'name' | 'title' | 'subtitle' | 'data'>> & {
  status?: NodeStatus | null;
};

/** A node status in the words the window shows (and node names end with). */
export const STATUS_WORDS: Record<NodeStatus, string> = {
  running: 'running',
  ok: 'done',
  failed: 'failed',
  waiting: 'waiting',
  denied: 'denied',
  cancelled: 'cancelled',
};

/**
 * The graph's nodes and edges, the frontier the next step follows from, and the delta of the event
 * being applied. Nodes are replaced, never mutated, so a node object handed out stays as it was.
 */
export class GraphStore {
  readonly #layout: ColumnLayout;
  readonly #nodes: GraphNode[] = [];
  readonly #index = new Map<string, number>();
  readonly #names = new Map<string, string>();
  readonly #edges: GraphEdge[] = [];
  readonly #edgeIds = new Set<string>();
  /** Nodes drawn as running or waiting: what a run that stops leaves unfinished. */
  readonly #open = new Set<string>();
  /** What the next step follows from: the last row node, or the last node of each open lane. */
  #tails: string[] = [];
  /** Lane of each node in the open lane row, and the node the lanes fan out from. */
  #laneOf = new Map<string, number>();
  #lanesFrom: string | undefined;
  #lastAdded: string | undefined;
  #round: number | undefined;
  #lastSeq = 0;
  #added = new Map<string, GraphNode>();
  #updated = new Map<string, GraphNode>();
  #addedEdges: GraphEdge[] = [];

  constructor(columnX: number) {
    this.#layout = new ColumnLayout(columnX);
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The node added most recently, if it is still the one the next step follows from. */
  get lastRowNode(): GraphNode | undefined {
    const id = this.#lastAdded;
    return id && this.#tails.length === 1 && this.#tails[0] === id && !this.#laneOf.has(id)
      ? this.get(id)
      : undefined;
  }

  /** The round now under way: nodes added without a round of their own belong to it. */
  enterRound(round: number): void {
    this.#round = Math.max(round, this.#round ?? round);
  }

  begin(seq: number): void {
    this.#lastSeq = seq;
    this.#added = new Map();
    this.#updated = new Map();
    this.#addedEdges = [];
  }

  delta(): GraphDelta {
    return {
      seq: this.#lastSeq,
      addedNodes: [...this.#added.values()],
      updatedNodes: [...this.#updated.values()],
      addedEdges: this.#addedEdges,
    };
  }

  graph(): RunGraph {
    return {
      nodes: this.#nodes.slice(),
      edges: this.#edges.slice(),
      lastSeq: this.#lastSeq,
      bounds: this.#layout.bounds,
    };
  }

  get(id: string): GraphNode | undefined {
    const at = this.#index.get(id);
    return at === undefined ? undefined : this.#nodes[at];
  }

  /** A step below everything, following from every tail (or ending the run, with `edge: 'answer'`). */
  addRow(spec: NodeSpec, edge?: EdgeKind): GraphNode {
    const node = this.#add(spec, this.#layout.row(spec.kind));
    const kind = edge ?? (this.#tails.length > 1 ? 'join' : 'flow');
    for (const tail of this.#tails) this.#edge(tail, node.id, kind);
    this.#tails = [node.id];
    this.#laneOf = new Map();
    this.#lanesFrom = undefined;
    return node;
  }

  /** Side-by-side lanes, one per spec, fanning out from `from`. */
  addLanes(from: string, specs: readonly NodeSpec[]): GraphNode[] {
    const positions = this.#layout.laneRow(laneKind(specs[0]?.kind ?? 'tool'), specs.length);
    this.#tails = [];
    this.#laneOf = new Map();
    this.#lanesFrom = from;
    return specs.map((spec, lane) => {
      const node = this.#add(spec, positions[lane] ?? { x: 0, y: 0 });
      this.#edge(from, node.id, specs.length > 1 ? 'fanout' : 'flow');
      this.#tails.push(node.id);
      this.#laneOf.set(node.id, lane);
      return node;
    });
  }

  /** One more lane beside the open ones, if they fan out from `from`. */
  addLaneBeside(from: string, spec: NodeSpec): GraphNode | undefined {
    if (this.#lanesFrom !== from) return undefined;
    const placed = this.#layout.addLane(laneKind(spec.kind));
    if (!placed) return undefined;
    const node = this.#add(spec, placed.position);
    this.#edge(from, node.id, 'fanout');
    this.#tails.push(node.id);
    this.#laneOf.set(node.id, placed.lane);
    return node;
  }

  /** The next node down the open lane that `inLane` is in, following from that lane's last node. */
  addToLane(inLane: string, spec: NodeSpec): GraphNode | undefined {
    const lane = this.#laneOf.get(inLane);
    const tail = lane === undefined ? undefined : this.#tails[lane];
    if (lane === undefined || tail === undefined) return undefined;
    const position = this.#layout.belowLane(lane, laneKind(spec.kind));
    if (!position) return undefined;
    const node = this.#add(spec, position);
    this.#edge(tail, node.id, 'flow');
    this.#tails[lane] = node.id;
    this.#laneOf.set(node.id, lane);
    return node;
  }

  /** Replaces a node with a changed copy; `status: null` clears the status. */
  update(id: string, change: NodeChange): GraphNode | undefined {
    const at = this.#index.get(id);
    const old = at === undefined ? undefined : this.#nodes[at];
    if (at === undefined || !old) return undefined;
    if (change.name !== undefined) this.#names.set(id, change.name);
    const { status, name: _name, ...rest } = change;
    const next: GraphNode = { ...old, ...rest, lastSeq: Math.max(old.lastSeq, this.#lastSeq) };
    if (status === null) delete next.status;
    else if (status !== undefined) next.status = status;
    next.label = label(this.#names.get(id) ?? old.label, next.status);
    this.#track(next);
    this.#nodes[at] = next;
    if (this.#added.has(id)) this.#added.set(id, next);
    else this.#updated.set(id, next);
    return next;
  }

  /** Ends whatever is still running or waiting with `status` (the run stopped under it). */
  closeOpen(status: NodeStatus): void {
    for (const id of [...this.#open]) this.update(id, { status });
  }

  #add(spec: NodeSpec, position: { x: number; y: number }): GraphNode {
    if (this.#index.has(spec.id)) throw new Error(`graph node ${spec.id} added twice`);
    const { name, ...rest } = spec;
    const round = spec.round ?? (spec.kind === 'task' ? undefined : this.#round);
    const node: GraphNode = {
      ...rest,
      ...(round === undefined ? {} : { round }),
      label: label(name, spec.status),
      lastSeq: spec.firstSeq,
      ...position,
      ...NODE_SIZES[spec.kind],
    };
    if (node.status === undefined) delete node.status;
    if (node.subtitle === undefined) delete node.subtitle;
    this.#names.set(node.id, name);
    this.#index.set(node.id, this.#nodes.length);
    this.#nodes.push(node);
    this.#added.set(node.id, node);
    this.#lastAdded = node.id;
    this.#track(node);
    return node;
  }

  #edge(source: string, target: string, kind: EdgeKind): void {
    const id = `${source}->${target}`;
    if (this.#edgeIds.has(id)) return;
    const edge: GraphEdge = { id, source, target, kind };
    this.#edgeIds.add(id);
    this.#edges.push(edge);
    this.#addedEdges.push(edge);
  }

  #track(node: GraphNode): void {
    if (node.kind !== 'task' && (node.status === 'running' || node.status === 'waiting')) {
      this.#open.add(node.id);
    } else {
      this.#open.delete(node.id);
    }
  }
}

function label(name: string, status: NodeStatus | undefined): string {
  return status ? `${name}, ${STATUS_WORDS[status]}` : name;
}

function laneKind(kind: NodeKind): LaneKind {
  if (kind === 'tool' || kind === 'approval' || kind === 'response' || kind === 'notice') return kind;
  throw new Error(`a ${kind} node cannot sit in a lane`);
}
