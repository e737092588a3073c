import { useState } from 'react';
import type { ContextMessage, HermesApi, RoundContext } from '../../shared/api';
import { CodeBlock } from './CodeBlock';
import { Facts, Lazy, Section } from './Facts';
import type { Data } from './fields';
import { formatShare, formatTokens } from './format';
import { ChangeList } from './step-sections';

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; context: RoundContext }
  | { state: 'failed'; error: string };

/** Messages up to this long are shown open; longer ones collapse to their first line. */
const OPEN_CHARS = 600;

/**
 * "Context the model saw" for one round: the request rebuilt from the log, asked for only when the
 * person opens it (it can be large), each message with its role and tokens, and the round's changes.
 * Keyed by run and round where it is used, so another round starts closed again.
 */
export function RoundContextView({ api, runId, round }: { api: HermesApi; runId: string; round: number }) {
  const [load, setLoad] = useState<Load>({ state: 'idle' });

  const fetchContext = () => {
    setLoad({ state: 'loading' });
    api.getRoundContext({ runId, round }).then(
      (answer) =>
        setLoad(
          'error' in answer ? { state: 'failed', error: answer.error } : { state: 'loaded', context: answer },
        ),
      (error: unknown) =>
        setLoad({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <Section title="Context the model saw">
      {load.state === 'idle' ? (
        <button type="button" onClick={fetchContext}>
          Show the context of round {round}
        </button>
      ) : null}
      {load.state === 'loading' ? <p className="muted">Loading…</p> : null}
      {load.state === 'failed' ? (
        <p className="error-text" role="alert">
          Could not load the context: {load.error}{' '}
          <button type="button" onClick={fetchContext}>
            Try again
          </button>
        </p>
      ) : null}
      {load.state === 'loaded' ? <ContextBody context={load.context} /> : null}
    </Section>
  );
}

function ContextBody({ context }: { context: RoundContext }) {
  return (
    <>
      <Facts
        items={[
          ['Messages', context.messages.length],
          ['Tokens', formatTokens(context.tokens)],
          ['Share of window', `${formatShare(context.share)} of ${formatTokens(context.windowTokens)}`],
          ['Mode', context.mode],
          ['Tools offered', context.tools.join(', ')],
        ]}
      />
      <ol className="context-messages">
        {context.messages.map((message, index) => (
          // Messages have no id of their own; their order in the request is what identifies them.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <MessageView key={index} message={message} />
        ))}
      </ol>
      <h4>Changes in this round</h4>
      <ChangeList changes={context.changes as unknown as Data[]} />
    </>
  );
}

function MessageView({ message }: { message: ContextMessage }) {
  const content = message.content ?? '';
  const head = (
    <>
      <span className={`role role-${message.role}`}>{message.role}</span> · {formatTokens(message.tokens)}
      {message.toolCallId ? ` · result of ${message.toolCallId}` : ''}
    </>
  );
  const calls = message.toolCalls?.length ? <CodeBlock title="Tool calls" value={message.toolCalls} /> : null;
  if (content.length <= OPEN_CHARS) {
    return (
      <li>
        <div className="message-head">{head}</div>
        {content ? <pre className="message-text">{content}</pre> : null}
        {calls}
      </li>
    );
  }
  return (
    <li>
      <Lazy
        summary={
          <>
            {head} · {content.slice(0, 80).replace(/\s+/g, ' ')}…
          </>
        }
      >
        {() => (
          <>
            <CodeBlock title="Content" value={content} verbatim />
            {calls}
          </>
        )}
      </Lazy>
    </li>
  );
}
