import { useId, useState } from 'react';
import { messageOf } from '../api/errors';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';
import { followRun } from '../state/events-store';
import { loadRuns } from '../state/runs-store';
import { openRun } from '../state/view-store';

/**
 * The "Task" box and the Run button. With a finished run open, a message follows it up: a new run
 * linked to it. Enter sends, Shift+Enter starts a new line.
 */
export function Composer({ parentRunId, busy }: { parentRunId: string | undefined; busy: boolean }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const hintId = useId();

  async function send(): Promise<void> {
    const task = text.trim();
    if (!task || sending || busy) return;
    setSending(true);
    setError(undefined);
    try {
      const result = await api.startRun(parentRunId ? { task, parentRunId } : { task });
      if (result.ok) {
        setText('');
        followRun(api, result.runId);
        openRun(result.runId);
        void loadRuns(api);
      } else {
        setError(result.error);
      }
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor="task-input" className="composer-label">
        Task
      </label>
      <div className="composer-row">
        <textarea
          id="task-input"
          rows={3}
          value={text}
          placeholder={parentRunId ? 'Ask a follow-up…' : 'What should the agent do?'}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="button primary" disabled={sending || busy || !text.trim()}>
          {sending ? 'Starting…' : 'Run'}
        </button>
      </div>
      <p id={hintId} className="field-hint">
        {busy
          ? 'The agent is still on this task; a follow-up can be sent when it finishes.'
          : 'Enter to run, Shift+Enter for a new line.'}
      </p>
      <FormError message={error} />
    </form>
  );
}
