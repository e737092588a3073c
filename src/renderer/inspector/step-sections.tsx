import type { HermesEvent } from '../../shared/events';
import type { GraphNode } from '../../shared/graph';
import { CodeBlock } from './CodeBlock';
import { Facts, Prose, Section } from './Facts';
import { count, type Data, record, records, text } from './fields';
import { formatDuration, formatShare, formatTokens } from './format';

/** The task, how the run was set up, and how it ended. */
export function TaskSections({ data }: { data: Data }) {
  const model = record(data.model);
  const context = record(data.context);
  const report = record(data.report);
  return (
    <>
      <Section title="Task">
        <Prose text={text(data.task) ?? ''} />
        <Facts
          items={[
            ['Run', text(data.runId)],
            [
              'Model',
              model
                ? `${text(model.model) ?? '?'} (${text(model.provider) ?? '?'}, ${text(model.baseUrl) ?? '?'})`
                : undefined,
            ],
            ['Workspace', text(data.workspace)],
            ['Tools', Array.isArray(data.tools) ? data.tools.join(', ') : undefined],
            ['Round limit', count(data.maxRounds)],
            ['Approvals', text(data.approvals)],
            ['Context window', context ? formatTokens(count(context.windowTokens) ?? 0) : undefined],
            ['Follows run', text(data.parentRunId)],
            ['Forked at step', count(data.forkedAtSeq)],
          ]}
        />
      </Section>
      {report ? <EndSection data={data} /> : null}
    </>
  );
}

/** How the run ended: its status, answer or error, and its report. */
export function EndSection({ data }: { data: Data }) {
  const report = record(data.report);
  const tokens = record(report?.tokens);
  return (
    <Section title="Outcome">
      <Facts items={[['Status', text(data.status)]]} />
      {text(data.answer) !== undefined ? <Prose text={text(data.answer) ?? ''} /> : null}
      {text(data.error) !== undefined ? <p className="error-text">{text(data.error)}</p> : null}
      {report ? (
        <Facts
          items={[
            ['Rounds', count(report.rounds)],
            ['Duration', formatDuration(count(report.durationMs) ?? Number.NaN)],
            ['Tool calls', count(report.toolCalls)],
            ['Tool failures', count(report.toolFailures)],
            [
              'Tokens',
              tokens
                ? `${formatTokens(count(tokens.total) ?? 0)} (prompt ${count(tokens.prompt) ?? 0}, completion ${count(tokens.completion) ?? 0})`
                : undefined,
            ],
            [
              'Peak context share',
              report.peakContextShare === undefined
                ? undefined
                : formatShare(count(report.peakContextShare) ?? 0),
            ],
          ]}
        />
      ) : null}
    </Section>
  );
}

/** A round: what was sent, what the model returned raw, and the decisions parsed from it. */
export function RoundSections({ data }: { data: Data }) {
  const response = record(data.response);
  const usage = record(response?.usage);
  const requests = records(data.requests);
  const retries = records(data.retries);
  const decisions = records(data.decisions);
  return (
    <>
      <Section title="Request">
        {requests.map((request) => (
          <Facts
            key={String(request.seq)}
            items={[
              ['Messages', count(request.messageCount)],
              ['Tokens sent', formatTokens(count(request.tokenEstimate) ?? 0)],
              ['Share of window', formatShare(count(request.share) ?? 0)],
              ['Mode', text(request.mode)],
            ]}
          />
        ))}
        {retries.map((retry) => (
          <p key={String(retry.seq)} className="error-text">
            Retry {count(retry.attempt)} after {formatDuration(count(retry.delayMs) ?? 0)}:{' '}
            {text(retry.error)}
          </p>
        ))}
      </Section>
      {response ? (
        <Section title="Model output">
          <Facts
            items={[
              ['Latency', formatDuration(count(response.latencyMs) ?? Number.NaN)],
              [
                'Tokens',
                usage
                  ? `prompt ${count(usage.prompt) ?? 0}, completion ${count(usage.completion) ?? 0}`
                  : undefined,
              ],
              ['Finish reason', text(response.finishReason)],
            ]}
          />
          <CodeBlock title="Raw model output" value={response.raw} />
        </Section>
      ) : null}
      {decisions.length > 0 ? (
        <Section title={decisions.length > 1 ? `Decisions (${decisions.length})` : 'Decision'}>
          {decisions.map((decision) => (
            <DecisionView key={String(decision.seq)} decision={decision} />
          ))}
        </Section>
      ) : null}
    </>
  );
}

function DecisionView({ decision }: { decision: Data }) {
  const kind = text(decision.kind) ?? '?';
  return (
    <div className="decision">
      <Facts
        items={[
          ['Kind', kind.replaceAll('_', ' ')],
          ['Tool', text(decision.toolName)],
          ['Call id', text(decision.callId)],
          ['Reason', text(decision.reason)],
          ['Read from', text(decision.source)],
        ]}
      />
      {decision.arguments !== undefined ? <CodeBlock title="Arguments" value={decision.arguments} /> : null}
      {text(decision.content) ? <Prose text={text(decision.content) ?? ''} /> : null}
    </div>
  );
}

/** A tool call: its arguments, output or error, and what entered the model's context. */
export function ToolSections({ data, node }: { data: Data; node: GraphNode }) {
  return (
    <>
      <Section title="Tool call">
        <Facts
          items={[
            ['Tool', text(data.name)],
            ['Call id', text(data.callId)],
            ['Status', node.status],
            [
              'Duration',
              count(data.durationMs) === undefined ? undefined : formatDuration(count(data.durationMs) ?? 0),
            ],
            ['Why', text(data.reason)],
            ['Changed files', Array.isArray(data.changedFiles) ? data.changedFiles.join(', ') : undefined],
          ]}
        />
        <CodeBlock title="Arguments" value={data.arguments} />
      </Section>
      {text(data.error) !== undefined ? (
        <Section title="Error">
          <Facts items={[['Kind', text(data.failureKind)]]} />
          <p className="error-text">{text(data.error)}</p>
        </Section>
      ) : null}
      {data.output !== undefined ? (
        <Section title="Output">
          <CodeBlock title="Output" value={data.output} />
        </Section>
      ) : null}
      {text(data.observation) !== undefined ? (
        <Section title="What the model was shown">
          <CodeBlock title="Observation" value={text(data.observation)} verbatim />
        </Section>
      ) : null}
    </>
  );
}

/** Changes to the context window drawn as one step: eviction, compression, replanning. */
export function ContextSections({ data }: { data: Data }) {
  return (
    <Section title="Context changes">
      <ChangeList changes={records(data.changes)} />
    </Section>
  );
}

/** Each change: what, to which message, tokens before and after, why; a replan with its plan. */
export function ChangeList({ changes }: { changes: readonly Data[] }) {
  if (changes.length === 0) return <p className="muted">No changes in this round.</p>;
  return (
    <ul className="changes">
      {changes.map((change) => (
        <li key={`${String(change.seq)}:${String(change.messageId)}`}>
          <strong>{text(change.op)}</strong> {text(change.role)} <code>{text(change.messageId)}</code>:{' '}
          {count(change.tokensBefore) ?? '?'} → {formatTokens(count(change.tokens) ?? 0)}
          {text(change.reason) ? ` — ${text(change.reason)}` : ''}
          {text(change.content) ? (
            <CodeBlock
              title={`Plan${text(change.source) ? ` (by the ${text(change.source)})` : ''}`}
              value={text(change.content)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A question or approval request, and the person's response to it. */
export function RequestSections({ data, events }: { data: Data; events: readonly HermesEvent[] }) {
  const toolCall = record(data.toolCall);
  const respondedSeq = count(data.respondedSeq);
  const response =
    respondedSeq === undefined ? undefined : events.find((event) => event.seq === respondedSeq);
  return (
    <>
      <Section title={text(data.kind) === 'approval' ? 'Approval request' : 'Question'}>
        {text(data.question) ? <Prose text={text(data.question) ?? ''} /> : null}
        <Facts
          items={[
            ['Request id', text(data.requestId)],
            ['Escalation', text(data.escalation)?.replaceAll('_', ' ')],
            ['Tool', text(toolCall?.name)],
            ['Risk', text(toolCall?.risk)],
          ]}
        />
        {toolCall ? <CodeBlock title="Arguments" value={toolCall.arguments} /> : null}
      </Section>
      {response?.type === 'human.responded' ? (
        <ResponseSection data={response as unknown as Data} />
      ) : (
        <Section title="Response">
          <p className="muted">No response yet.</p>
        </Section>
      )}
    </>
  );
}

/** What the person answered or decided, and how long the run waited for them. */
export function ResponseSection({ data }: { data: Data }) {
  return (
    <Section title="Response">
      {text(data.answer) !== undefined ? <Prose text={text(data.answer) ?? ''} /> : null}
      <Facts
        items={[
          ['Decision', text(data.decision)],
          ['Scope', text(data.scope)],
          ['Reason', text(data.reason)],
          ['By', text(data.by)],
          [
            'Waited',
            count(data.waitedMs) === undefined ? undefined : formatDuration(count(data.waitedMs) ?? 0),
          ],
        ]}
      />
      {data.editedArguments !== undefined ? (
        <CodeBlock title="Edited arguments" value={data.editedArguments} />
      ) : null}
    </Section>
  );
}
