import '@xyflow/react/dist/style.css';
import './run-graph.css';
import { Controls, type OnMove, Panel, ReactFlow, type ReactFlowInstance } from '@xyflow/react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import type { HermesEvent } from '../../shared/events';
import { FollowRun } from './FollowRun';
import type { RunFlowEdge, RunFlowNode } from './flow-elements';
import { FlowModel, type FlowView } from './flow-model';
import { nodeTypes } from './RunNode';
import { RunOverview } from './RunOverview';
import { DETAIL_ZOOM, MAX_ZOOM, MIN_ZOOM } from './viewport';

/** Props of the run graph. */
export interface RunGraphProps {
  /** The run's events in seq order, as loaded and then appended live. */
  events: readonly HermesEvent[];
  /** Replay step: the graph as it was right after the event with this seq; undefined shows it all. */
  uptoSeq?: number;
  selectedNodeId?: string;
  onSelectNode(id: string | undefined): void;
  /** React Flow's instance once the view is ready (benchmarks pan with it). */
  onInit?(instance: ReactFlowInstance<RunFlowNode, RunFlowEdge>): void;
}

const FIT_OPTIONS = { minZoom: MIN_ZOOM, maxZoom: 1, padding: 0.1 };
const PRO_OPTIONS = { hideAttribution: true };

/**
 * A run drawn as a graph that grows as events arrive. Events arriving within one animation frame
 * are drawn together; only the new ones are fed to the projection.
 */
export function RunGraph({ events, uptoSeq, selectedNodeId, onSelectNode, onInit }: RunGraphProps) {
  const [model] = useState(() => new FlowModel());
  const [view, setView] = useState<FlowView>(() => model.view([]));
  const [following, setFollowing] = useState(true);
  const [detailed, setDetailed] = useState(true);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setView(model.view(events, uptoSeq, selectedNodeId)));
    return () => cancelAnimationFrame(frame);
  }, [model, events, uptoSeq, selectedNodeId]);

  useEffect(() => {
    if (view.runId !== undefined) setFollowing(true);
  }, [view.runId]);

  const onMove = useCallback<OnMove>((event, viewport) => {
    // Only a person's pan or zoom comes with an input event; following the run moves the view without one.
    if (event) setFollowing(false);
    setDetailed(viewport.zoom >= DETAIL_ZOOM);
  }, []);
  const stopFollowing = useCallback(() => setFollowing(false), []);
  const onNodeClick = useCallback(
    (_event: unknown, node: RunFlowNode) => onSelectNode(node.id),
    [onSelectNode],
  );
  const onPaneClick = useCallback(() => onSelectNode(undefined), [onSelectNode]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      const nodeId = target.classList.contains('react-flow__node') ? target.dataset.id : undefined;
      if (nodeId && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        onSelectNode(nodeId);
      } else if (event.key === 'Escape' && selectedNodeId) {
        onSelectNode(undefined);
      }
    },
    [onSelectNode, selectedNodeId],
  );

  return (
    <section
      aria-label="Run graph"
      className={`run-graph${detailed ? '' : ' run-graph-far'}`}
      onKeyDown={onKeyDown}
    >
      <ReactFlow<RunFlowNode, RunFlowEdge>
        nodes={view.nodes}
        edges={view.edges}
        nodeTypes={nodeTypes}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        zoomOnDoubleClick={false}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        onMove={onMove}
        onNodeClick={onNodeClick}
        onPaneClick={onPaneClick}
        onInit={onInit}
        proOptions={PRO_OPTIONS}
      >
        <FollowRun view={view} tracking={following} />
        <Panel position="bottom-right">
          <RunOverview nodes={view.shown.nodes} bounds={view.full.bounds} onNavigate={stopFollowing} />
        </Panel>
        <Controls showInteractive={false} fitViewOptions={FIT_OPTIONS} />
        {following ? null : (
          <Panel position="top-right">
            <button type="button" className="run-graph-follow" onClick={() => setFollowing(true)}>
              Follow the run
            </button>
          </Panel>
        )}
      </ReactFlow>
    </section>
  );
}
