/** What a graph node stands for; the renderer picks a node component by it. */
export type NodeKind =
  | 'task'
  | 'model'
  | 'decision'
  | 'tool'
  | 'context'
  | 'question'
  | 'approval'
  | 'response'
  | 'answer'
  | 'error'
  | 'notice';

/** The colour a node's state is drawn in. */
export type NodeStatus = 'running' | 'ok' | 'failed' | 'waiting' | 'denied' | 'cancelled';

/** One node of a run graph, with its position and its declared size (so the renderer need not measure). */
export interface GraphNode {
  id: string;
  kind: NodeKind;
  /** Accessible name, e.g. "tool call: query_sales_data, failed". */
  label: string;
  title: string;
  subtitle?: string;
  status?: NodeStatus;
  /** The round the node belongs to (steps between rounds: the one before them); none for the task. */
  round?: number;
  /** Seq of the first event the node shows. */
  firstSeq: number;
  /** Seq of the last event that changed the node; replay highlights nodes by these two. */
  lastSeq: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What the inspector shows: ids, arguments, durations, tokens, seqs of the related events. */
  data: Record<string, unknown>;
}

/** How one node led to another: a step, one call of several, several results into one step, the end. */
export type EdgeKind = 'flow' | 'fanout' | 'join' | 'answer';

/** A directed edge; its id is `source->target`. */
export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: EdgeKind;
}

/** The extent of the laid-out nodes, so a fork's column can be placed beside this one. */
export interface GraphBounds {
  minX: number;
  maxX: number;
  maxY: number;
}

/** A run drawn as a graph, as of the event with seq `lastSeq` (0 before any event). */
export interface RunGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  lastSeq: number;
  bounds: GraphBounds;
}

/** What one event changed: nodes to add, nodes to replace (same id, new object), edges to add. */
export interface GraphDelta {
  seq: number;
  addedNodes: GraphNode[];
  updatedNodes: GraphNode[];
  addedEdges: GraphEdge[];
}

/** Where the run's column sits: nodes are centred on the vertical line x = `columnX`. */
export interface LayoutOptions {
  columnX?: number;
}
