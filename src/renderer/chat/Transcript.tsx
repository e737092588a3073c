import { memo, useEffect, useMemo, useRef } from 'react';
import { Markdown } from '../markdown/Markdown';
import { FormError } from '../shell/FormError';
import { useEvents, useRunEvents } from '../state/events-store';
import { useRuns } from '../state/runs-store';
import { useStream } from '../state/stream-store';
import { showRequest } from '../state/view-store';
import { ToolCallCard } from './ToolCallCard';
import { type TranscriptItem, transcriptOf } from './transcript';

/** The conversation: each turn's task, the agent's text and tool calls, requests, and the answer. */
export function Transcript({ runIds }: { runIds: string[] }) {
  const end = useRef<HTMLDivElement>(null);
  const lastRunId = runIds.at(-1);
  const eventCount = useEvents((state) => (lastRunId ? (state.runs[lastRunId]?.events.length ?? 0) : 0));
  const streamLength = useStream((state) => (lastRunId ? (state.text[lastRunId]?.length ?? 0) : 0));

  // Keep the newest step in view as the run grows, the way a chat does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling follows the growth counters
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [eventCount, streamLength, lastRunId]);

  return (
    <div className="transcript" role="log" aria-label="Conversation" aria-live="polite">
      {runIds.map((runId, index) => (
        <RunTurn key={runId} runId={runId} last={index === runIds.length - 1} />
      ))}
      <div ref={end} />
    </div>
  );
}

const RunTurn = memo(function RunTurn({ runId, last }: { runId: string; last: boolean }) {
  const events = useRunEvents(runId);
  const task = useRuns((state) => state.runs.find((run) => run.runId === runId)?.task ?? '');
  const status = useRuns((state) => state.runs.find((run) => run.runId === runId)?.status);
  const error = useEvents((state) => state.errors[runId]);
  const items = useMemo(() => transcriptOf(runId, task, events), [runId, task, events]);
  const streaming = useStream((state) => (last ? state.text[runId] : undefined));
  const finished = events.at(-1)?.type === 'run.finished';
  const working = last && !finished && status !== 'paused' && (status === 'running' || events.length === 0);

  return (
    <section className="turn" aria-label={`Turn: ${task}`}>
      {items.map((item) => (
        <Item key={item.key} item={item} />
      ))}
      <FormError message={error} />
      {streaming && (
        <div className="message agent streaming">
          <p>{streaming}</p>
        </div>
      )}
      {working && !streaming && (
        <p className="working" role="status">
          <span className="spinner" aria-hidden="true" /> The agent is working…
        </p>
      )}
    </section>
  );
});

function Item({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="message user">
          <p>{item.text}</p>
        </div>
      );
    case 'agent':
      return (
        <div className="message agent">
          <p>{item.text}</p>
        </div>
      );
    case 'tool':
      return <ToolCallCard card={item} />;
    case 'request':
      return (
        <div className={`request-card ${item.requestKind}${item.open ? ' open' : ''}`}>
          <span className="request-label">{requestLabel(item.requestKind, item.open)}</span>
          <p>{item.text}</p>
          {item.open && (
            <button type="button" className="button small attention" onClick={() => showRequest(item.runId)}>
              {item.requestKind === 'question' ? 'Answer' : 'Review'}
            </button>
          )}
        </div>
      );
    case 'reply':
      return (
        <div className="message user reply">
          <p>{item.text}</p>
        </div>
      );
    case 'answer':
      return (
        <article className="message answer" aria-label="Answer">
          <Markdown text={item.text} />
        </article>
      );
    case 'failure':
      return (
        <div className="message failure" role="alert">
          <p>
            <strong>The run failed.</strong> {item.text}
          </p>
        </div>
      );
    case 'note':
      return <p className="note">{item.text}</p>;
    default:
      return unknownItem(item);
  }
}

function requestLabel(kind: 'question' | 'approval', open: boolean): string {
  if (kind === 'question') return open ? 'Question for you' : 'The agent asked';
  return open ? 'Approval needed' : 'Approval asked';
}

function unknownItem(item: never): never {
  throw new Error(`unknown transcript item ${JSON.stringify(item)}`);
}
