import { create } from 'zustand';
import { useApi } from '../state/api-context';
import { loadPending, usePendingFor } from '../state/pending-store';
import { closeRequest, useView } from '../state/view-store';
import { ApprovalDialog, type ApprovalDraft, initialApprovalDraft } from './ApprovalDialog';
import { QuestionDialog } from './QuestionDialog';

/** What the person typed in a request's dialog, kept when it is closed so nothing is lost. */
const useDrafts = create<{ answers: Record<string, string>; approvals: Record<string, ApprovalDraft> }>()(
  () => ({
    answers: {},
    approvals: {},
  }),
);

/** The dialog of the request the window shows, if any: a question or an approval. */
export function RequestDialog() {
  const api = useApi();
  const runId = useView((state) => state.dialogRunId);
  const pending = usePendingFor(runId);
  const requestId = pending?.request.requestId ?? '';
  const answer = useDrafts((state) => state.answers[requestId]);
  const approval = useDrafts((state) => state.approvals[requestId]);
  if (!pending) return null;

  const close = () => closeRequest(requestId);
  const done = () => {
    useView.setState({ dialogRunId: undefined });
    void loadPending(api);
  };

  if (pending.request.kind === 'question') {
    return (
      <QuestionDialog
        key={requestId}
        pending={pending}
        draft={answer ?? ''}
        onDraft={(text) =>
          useDrafts.setState((state) => ({ answers: { ...state.answers, [requestId]: text } }))
        }
        onClose={close}
        onDone={done}
      />
    );
  }
  return (
    <ApprovalDialog
      key={requestId}
      pending={pending}
      draft={approval ?? initialApprovalDraft(pending)}
      onDraft={(draft) =>
        useDrafts.setState((state) => ({ approvals: { ...state.approvals, [requestId]: draft } }))
      }
      onClose={close}
      onDone={done}
    />
  );
}
