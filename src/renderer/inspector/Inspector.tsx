import './inspector.css';
import type { HermesApi } from '../../shared/api';
import type { HermesEvent } from '../../shared/events';
import type { GraphNode } from '../../shared/graph';
import { CodeBlock } from './CodeBlock';
import { Facts, Lazy, Section } from './Facts';
import { count } from './fields';
import { formatClock, formatDuration, relatedSeqs } from './format';
import { RoundContextView } from './RoundContextView';
import {
  ContextSections,
  EndSection,
  RequestSections,
  ResponseSection,
  RoundSections,
  TaskSections,
  ToolSections,
} from './step-sections';

/** Props of the inspector. */
export interface InspectorProps {
  api: HermesApi;
  runId: string;
  events: readonly HermesEvent[];
  /** The node picked in the graph, as it was at the replay step shown. */
  node: GraphNode | undefined;
}

/** Everything the event log holds for the node picked in the run graph. */
export function Inspector({ api, runId, events, node }: InspectorProps) {
  return (
    <section className="inspector" aria-label="Inspector">
      {node ? (
        <NodeDetails api={api} runId={runId} events={events} node={node} />
      ) : (
        <p className="muted">Select a step in the run graph to see everything the log holds for it.</p>
      )}
    </section>
  );
}

function NodeDetails({ api, runId, events, node }: InspectorProps & { node: GraphNode }) {
  const round = node.kind === 'model' || node.kind === 'decision' ? count(node.data.round) : undefined;
  return (
    <>
      <header className="inspector-head">
        <h2>{node.title}</h2>
        <p>{node.label}</p>
      </header>
      <KindSections node={node} events={events} />
      {round !== undefined ? (
        <RoundContextView key={`${runId}:${round}`} api={api} runId={runId} round={round} />
      ) : null}
      <Timeline node={node} events={events} />
    </>
  );
}

function KindSections({ node, events }: { node: GraphNode; events: readonly HermesEvent[] }) {
  const { data } = node;
  switch (node.kind) {
    case 'task':
      return <TaskSections data={data} />;
    case 'model':
    case 'decision':
      return <RoundSections data={data} />;
    case 'tool':
      return <ToolSections data={data} node={node} />;
    case 'context':
      return <ContextSections data={data} />;
    case 'question':
    case 'approval':
      return <RequestSections data={data} events={events} />;
    case 'response':
      return <ResponseSection data={data} />;
    case 'answer':
    case 'error':
      return <EndSection data={data} />;
    case 'notice':
      return data.report ? <EndSection data={data} /> : <CodeBlock title="Notice" value={data} />;
    default: {
      const unknown: never = node.kind;
      throw new Error(`no inspector view for ${String(unknown)}`);
    }
  }
}

/** The events behind the node, with their times and the gap from the first; each one raw on demand. */
function Timeline({ node, events }: { node: GraphNode; events: readonly HermesEvent[] }) {
  const related = relatedSeqs(node)
    .map((seq) => eventAt(events, seq))
    .filter((event): event is HermesEvent => event !== undefined);
  const first = related[0];
  if (!first) return null;
  const last = related[related.length - 1] ?? first;
  return (
    <Section title="Events and timings">
      <Facts
        items={[
          ['Steps', `${first.seq}–${last.seq}`],
          ['From first to last', formatDuration(last.ts - first.ts)],
        ]}
      />
      <ul className="event-list">
        {related.map((event) => (
          <li key={event.seq}>
            <Lazy
              summary={
                <>
                  #{event.seq} {event.type} · {formatClock(event.ts)}
                  {event.seq !== first.seq ? ` (+${formatDuration(event.ts - first.ts)})` : ''}
                </>
              }
            >
              {() => <CodeBlock title={`Event ${event.seq}`} value={event} />}
            </Lazy>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Events are contiguous from seq 1, so seq k is at index k − 1 unless the list is partial. */
function eventAt(events: readonly HermesEvent[], seq: number): HermesEvent | undefined {
  const guess = events[seq - 1];
  return guess?.seq === seq ? guess : events.find((event) => event.seq === seq);
}
