export type { RunFlowEdge, RunFlowNode } from './flow-elements';
export type { RunGraphProps } from './RunGraph';
export { RunGraph } from './RunGraph';
export { useGraphNode } from './use-graph-node';
