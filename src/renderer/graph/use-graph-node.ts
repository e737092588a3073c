import { useMemo, useState } from 'react';
import type { HermesEvent } from '../../shared/events';
import type { GraphNode } from '../../shared/graph';
import { RunProjector } from './run-projector';

/**
 * The graph node with `nodeId` as it was after the event with seq `uptoSeq` (now, when undefined):
 * what the inspector shows for the node picked in the graph, following the replay step.
 */
export function useGraphNode(
  events: readonly HermesEvent[],
  nodeId: string | undefined,
  uptoSeq?: number,
): GraphNode | undefined {
  const [projector] = useState(() => new RunProjector());
  return useMemo(
    () => (nodeId ? projector.project(events, uptoSeq).nodes.find((node) => node.id === nodeId) : undefined),
    [projector, events, nodeId, uptoSeq],
  );
}
