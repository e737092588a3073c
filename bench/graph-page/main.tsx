import type { ReactFlowInstance } from '@xyflow/react';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type RunFlowEdge, type RunFlowNode, RunGraph, useGraphNode } from '../../src/renderer/graph';
import { Inspector } from '../../src/renderer/inspector';
import { bindReplayToAddress, ReplayBar, useReplayStep } from '../../src/renderer/replay';
import type { HermesEvent } from '../../src/shared/events';
import { harnessApi } from './harness-api';
import './harness.css';

/** What the benchmark and screenshot scripts drive through `window.graphHarness`. */
export interface GraphHarness {
  setEvents(events: HermesEvent[]): void;
  select(nodeId: string | undefined): void;
  flow: ReactFlowInstance<RunFlowNode, RunFlowEdge> | undefined;
}

declare global {
  interface Window {
    graphHarness?: GraphHarness;
  }
}

const harness: GraphHarness = { setEvents: () => undefined, select: () => undefined, flow: undefined };
let current: readonly HermesEvent[] = [];
const api = harnessApi(() => current);
// `?full` draws the inspector and replay bar beside the graph, as the app does; without it, the graph alone.
const full = new URLSearchParams(window.location.search).has('full');

function Harness() {
  const [events, setEvents] = useState<readonly HermesEvent[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const runId = events[0]?.runId;
  const step = useReplayStep(runId);
  const node = useGraphNode(events, selected, step);
  const onInit = useCallback((flow: ReactFlowInstance<RunFlowNode, RunFlowEdge>) => {
    harness.flow = flow;
  }, []);

  useEffect(() => {
    harness.setEvents = (next) => {
      current = next;
      setEvents(next);
    };
    harness.select = setSelected;
    window.graphHarness = harness;
  }, []);

  const graph = (
    <RunGraph
      events={events}
      uptoSeq={step}
      selectedNodeId={selected}
      onSelectNode={setSelected}
      onInit={onInit}
    />
  );
  if (!full) return <div className="harness-graph">{graph}</div>;
  return (
    <div className="harness-full">
      <div className="harness-graph">{graph}</div>
      <div className="harness-inspector">
        {runId ? <Inspector api={api} runId={runId} events={events} node={node} /> : null}
      </div>
      <div className="harness-replay">{runId ? <ReplayBar runId={runId} events={events} /> : null}</div>
    </div>
  );
}

bindReplayToAddress();
const root = document.getElementById('root');
if (root) createRoot(root).render(<Harness />);
