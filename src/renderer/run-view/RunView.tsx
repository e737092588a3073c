import { RunGraph } from '../graph/RunGraph';
import { useGraphNode } from '../graph/use-graph-node';
import { Inspector } from '../inspector/Inspector';
import { ReplayBar } from '../replay/ReplayBar';
import { useReplayStep } from '../replay/replay-store';
import { STATUS_LABEL } from '../runs/format';
import { useApi } from '../state/api-context';
import { useRunEvents } from '../state/events-store';
import { useRuns } from '../state/runs-store';
import { selectNode, useView } from '../state/view-store';

/** The open run: its graph with the replay bar under it, and the inspector for the picked step. */
export function RunView() {
  const api = useApi();
  const runId = useView((state) => state.openRunId);
  const selectedNodeId = useView((state) => state.selectedNodeId);
  const run = useRuns((state) => state.runs.find((r) => r.runId === runId));
  const events = useRunEvents(runId);
  const step = useReplayStep(runId);
  const node = useGraphNode(events, selectedNodeId, step);

  if (!runId) {
    return (
      <section className="run-view empty-run" aria-label="Run">
        <p className="empty">
          The run graph appears here once a task runs. Open a run on the left to see its steps.
        </p>
      </section>
    );
  }
  return (
    <section className="run-view" aria-label="Run">
      <div className="pane-header">
        <h2 className="run-view-title">Run graph</h2>
        {run && <span className={`status-pill ${run.status}`}>{STATUS_LABEL[run.status]}</span>}
        <span className="mono run-id" title="Run id">
          {runId}
        </span>
      </div>
      <div className="run-body">
        <div className="graph-column">
          <div className="graph-area">
            <RunGraph
              events={events}
              uptoSeq={step}
              selectedNodeId={selectedNodeId}
              onSelectNode={selectNode}
            />
          </div>
          <ReplayBar runId={runId} events={events} />
        </div>
        <div className="inspector-area">
          <Inspector api={api} runId={runId} events={events} node={node} />
        </div>
      </div>
    </section>
  );
}
