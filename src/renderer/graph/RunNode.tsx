import { Handle, type NodeProps, type NodeTypes, Position } from '@xyflow/react';
import { memo } from 'react';
import type { NodeKind } from '../../shared/graph';
import type { RunFlowNode } from './flow-elements';
import { nodeDetail, nodeMeta } from './node-text';

/**
 * One step of a run. Its accessible name is on React Flow's wrapper (the node's `ariaLabel`), so the
 * visible text is for the eye only. Text lines are cut with CSS; the inspector has the whole of it.
 */
function RunNodeView({ data, selected }: NodeProps<RunFlowNode>) {
  const { node } = data;
  const meta = nodeMeta(node);
  const detail = nodeDetail(node);
  const classes = ['run-node', `run-node-${node.kind}`, `run-status-${node.status ?? 'none'}`];
  if (selected) classes.push('run-node-selected');
  return (
    <div className={classes.join(' ')} aria-hidden="true">
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="run-node-head">
        <span className="run-node-title">{node.title}</span>
        {meta ? <span className="run-node-meta">{meta}</span> : null}
      </div>
      {node.subtitle ? <div className="run-node-line">{node.subtitle}</div> : null}
      {detail ? <div className="run-node-line run-node-detail">{detail}</div> : null}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

const RunNode = memo(RunNodeView);

const KINDS: readonly NodeKind[] = [
  'task',
  'model',
  'decision',
  'tool',
  'context',
  'question',
  'approval',
  'response',
  'answer',
  'error',
  'notice',
];

/** Registered once, at module scope: a new object per render would remount every node. */
export const nodeTypes: NodeTypes = Object.fromEntries(KINDS.map((kind) => [kind, RunNode]));
