import { create } from 'zustand';

interface StreamState {
  /** The model's reply as it streams, per run; cleared once the reply is committed to the log. */
  text: Record<string, string>;
}

export const useStream = create<StreamState>()(() => ({ text: {} }));

export function appendStreamText(runId: string, delta: string): void {
  useStream.setState((state) => ({ text: { ...state.text, [runId]: (state.text[runId] ?? '') + delta } }));
}

export function clearStreamText(runId: string): void {
  if (useStream.getState().text[runId] === undefined) return;
  useStream.setState((state) => {
    const { [runId]: _done, ...rest } = state.text;
    return { text: rest };
  });
}
