export type { GraphBuilder } from './builder';
export { createGraphBuilder } from './builder';
export { STATUS_WORDS } from './graph-store';
export { LANE_PITCH, NODE_SIZES, ROW_GAP } from './layout';
export type { ProjectOptions } from './project';
export { projectRun } from './project';
export { excerpt, summariseArguments } from './summarise';
export type {
  EdgeKind,
  GraphBounds,
  GraphDelta,
  GraphEdge,
  GraphNode,
  LayoutOptions,
  NodeKind,
  NodeStatus,
  RunGraph,
} from './types';
