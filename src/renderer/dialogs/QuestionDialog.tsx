import { useState } from 'react';
import type { PendingRequest } from '../../shared/api';
import { messageOf } from '../api/errors';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';
import { Modal } from './Modal';

/** The agent's question with an answer box; Send answer continues the run. */
export function QuestionDialog({
  pending,
  draft,
  onDraft,
  onClose,
  onDone,
}: {
  pending: PendingRequest;
  draft: string;
  onDraft: (text: string) => void;
  onClose: () => void;
  onDone: () => void;
}) {
  const api = useApi();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function send(): Promise<void> {
    if (!draft.trim()) {
      setError('Type an answer first.');
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const result = await api.answer({ runId: pending.runId, text: draft });
      if (result.ok) onDone();
      else setError(result.error);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title="The agent asks you" onClose={onClose}>
      <p className="dialog-context">
        Run <span className="mono">{pending.runId}</span>: {pending.task}
      </p>
      <p className="question-text">{pending.request.question}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="field">
          <span>Your answer</span>
          <textarea
            data-autofocus
            rows={4}
            value={draft}
            onChange={(event) => onDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
            }}
          />
        </label>
        <FormError message={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Later
          </button>
          <button type="submit" className="button primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send answer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
