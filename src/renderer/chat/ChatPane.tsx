import { useEffect, useMemo } from 'react';
import { messageOf } from '../api/errors';
import { useApi } from '../state/api-context';
import { reportError } from '../state/errors';
import { followRun, useRunEvents } from '../state/events-store';
import { useRuns } from '../state/runs-store';
import { useView } from '../state/view-store';
import { Composer } from './Composer';
import { conversationOf } from './conversation';
import { Transcript } from './Transcript';
import { Welcome } from './Welcome';

/** The chat: the open run's conversation, or the welcome for a new one, and the Task box. */
export function ChatPane() {
  const api = useApi();
  const openRunId = useView((state) => state.openRunId);
  const runs = useRuns((state) => state.runs);
  const runIds = useMemo(() => conversationOf(runs, openRunId), [runs, openRunId]);
  const open = runs.find((run) => run.runId === openRunId);
  const events = useRunEvents(openRunId);
  const started = events[0]?.type === 'run.started' ? events[0] : undefined;
  const recording = started?.model.provider === 'scripted';
  const busy = open?.status === 'running' || open?.status === 'paused';

  useEffect(() => {
    for (const runId of runIds) followRun(api, runId);
  }, [api, runIds]);

  async function cancel(): Promise<void> {
    if (!openRunId) return;
    try {
      const result = await api.cancel({ runId: openRunId });
      if (!result.ok) reportError(result.error, 'The run could not be stopped');
    } catch (error) {
      reportError(messageOf(error), 'The run could not be stopped');
    }
  }

  return (
    <section className="chat-pane" aria-label="Chat">
      <div className="pane-header">
        <h2 className="chat-title" title={open?.task}>
          {openRunId
            ? runIds.length > 1
              ? `Conversation · ${runIds.length} turns`
              : 'Conversation'
            : 'New task'}
        </h2>
        {recording && (
          <span className="badge recording" title="This run replays a recorded model; no model was called.">
            Recording
          </span>
        )}
        {busy && (
          <button type="button" className="button small" onClick={() => void cancel()}>
            Stop
          </button>
        )}
      </div>
      {openRunId ? <Transcript runIds={runIds} /> : <Welcome />}
      <Composer parentRunId={openRunId} busy={busy} />
    </section>
  );
}
