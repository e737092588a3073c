import { type Edge, type Node, type NodeHandle, Position } from '@xyflow/react';
import type { GraphEdge, GraphNode, NodeKind } from '../../shared/graph';

/** A run graph node as React Flow takes it: the projection's node rides along as data. */
export type RunFlowNode = Node<{ node: GraphNode }, NodeKind>;
/** A run graph edge as React Flow takes it; its class names its GraphEdge kind. */
export type RunFlowEdge = Edge;

/** How a node is drawn at the step shown: as it is, picked in the inspector, or not there yet. */
export type NodeState = 'shown' | 'selected' | 'hidden';

const HANDLE = 1;

/**
 * Size, measured size and handles declared up front: React Flow then never has to draw a node to
 * measure it, so only the nodes on screen are drawn (STACK.md, "Drawing large run graphs").
 */
export function toFlowNode(node: GraphNode, state: NodeState): RunFlowNode {
  const { width, height } = node;
  const handles: NodeHandle[] = [
    {
      type: 'target',
      position: Position.Top,
      x: width / 2 - HANDLE / 2,
      y: 0,
      width: HANDLE,
      height: HANDLE,
    },
    {
      type: 'source',
      position: Position.Bottom,
      x: width / 2 - HANDLE / 2,
      y: height - HANDLE,
      width: HANDLE,
      height: HANDLE,
    },
  ];
  return {
    id: node.id,
    type: node.kind,
    position: { x: node.x, y: node.y },
    data: { node },
    width,
    height,
    measured: { width, height },
    handles,
    ariaLabel: node.label,
    ariaRole: 'button',
    ...(state === 'selected' ? { selected: true, domAttributes: { 'aria-current': true } } : {}),
    ...(state === 'hidden' ? { hidden: true } : {}),
  };
}

export function toFlowEdge(edge: GraphEdge, hidden: boolean): RunFlowEdge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    type: edge.kind === 'flow' || edge.kind === 'answer' ? 'straight' : 'smoothstep',
    className: `run-edge run-edge-${edge.kind}`,
    ...(hidden ? { hidden: true } : {}),
  };
}
