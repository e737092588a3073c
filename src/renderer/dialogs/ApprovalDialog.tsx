import { useMemo, useState } from 'react';
import type { PendingRequest } from '../../shared/api';
import { messageOf } from '../api/errors';
import { FormError } from '../shell/FormError';
import { useApi } from '../state/api-context';
import { parseArguments } from './json-arguments';
import { Modal } from './Modal';

export interface ApprovalDraft {
  argumentsText: string;
  reason: string;
}

/** Approve (once or for the run), with arguments edited as JSON, or deny with a reason. */
export function ApprovalDialog({
  pending,
  draft,
  onDraft,
  onClose,
  onDone,
}: {
  pending: PendingRequest;
  draft: ApprovalDraft;
  onDraft: (draft: ApprovalDraft) => void;
  onClose: () => void;
  onDone: () => void;
}) {
  const api = useApi();
  const call = pending.request.toolCall;
  const original = call?.arguments ?? {};
  const parsed = useMemo(
    () => parseArguments(draft.argumentsText, original),
    [draft.argumentsText, original],
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<{ ok: true } | { ok: false; error: string }>): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      const result = await action();
      if (result.ok) onDone();
      else setError(result.error);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  function approve(scope: 'once' | 'run'): void {
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    const editedArguments = parsed.edited ? parsed.value : undefined;
    void act(() =>
      api.approve({ runId: pending.runId, scope, ...(editedArguments ? { editedArguments } : {}) }),
    );
  }

  function deny(): void {
    const reason = draft.reason.trim();
    void act(() => api.deny({ runId: pending.runId, ...(reason ? { reason } : {}) }));
  }

  return (
    <Modal title="Approve a tool call?" onClose={onClose} className="approval">
      <p className="dialog-context">
        Run <span className="mono">{pending.runId}</span>: {pending.task}
      </p>
      <dl className="facts">
        <dt>Tool</dt>
        <dd className="mono">{call?.name ?? 'unknown'}</dd>
        <dt>Risk</dt>
        <dd>
          <span className={`risk risk-${call?.risk ?? 'unknown'}`}>{call?.risk ?? 'unknown'}</span>
        </dd>
        <dt>Why it asks</dt>
        <dd>{pending.request.question ?? 'The approval policy asks before this tool runs.'}</dd>
      </dl>
      <label className="field">
        <span>Arguments (JSON, editable)</span>
        <textarea
          data-autofocus
          className="mono"
          rows={Math.min(14, Math.max(4, draft.argumentsText.split('\n').length + 1))}
          spellCheck={false}
          value={draft.argumentsText}
          aria-invalid={!parsed.ok}
          aria-describedby="arguments-status"
          onChange={(event) => onDraft({ ...draft, argumentsText: event.target.value })}
        />
      </label>
      <p id="arguments-status" className={parsed.ok ? 'field-hint' : 'form-error'}>
        {parsed.ok
          ? parsed.edited
            ? 'Edited: the tool will run with these arguments.'
            : 'As the model sent them.'
          : parsed.error}
      </p>
      <label className="field">
        <span>Reason, if you deny (the agent is told)</span>
        <input
          type="text"
          value={draft.reason}
          onChange={(event) => onDraft({ ...draft, reason: event.target.value })}
        />
      </label>
      <FormError message={error} />
      <div className="dialog-actions">
        <button type="button" className="button danger" disabled={busy} onClick={deny}>
          Deny
        </button>
        <span className="spacer" />
        <button type="button" className="button" disabled={busy || !parsed.ok} onClick={() => approve('run')}>
          Approve for this run
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || !parsed.ok}
          onClick={() => approve('once')}
        >
          Approve
        </button>
      </div>
    </Modal>
  );
}

export function initialApprovalDraft(pending: PendingRequest): ApprovalDraft {
  return { argumentsText: JSON.stringify(pending.request.toolCall?.arguments ?? {}, null, 2), reason: '' };
}
