import { create } from 'zustand';
import { messageOf } from '../api/errors';

/** A problem the person should see, in words; shown until dismissed. */
export interface ShownError {
  id: number;
  message: string;
}

interface ErrorsState {
  errors: ShownError[];
}

export const useErrors = create<ErrorsState>()(() => ({ errors: [] }));

let nextId = 1;

/** Shows an error (a thrown value or a reason) at the top of the window; the same words once only. */
export function reportError(error: unknown, context?: string): void {
  const message = context ? `${context}: ${messageOf(error)}` : messageOf(error);
  useErrors.setState((state) =>
    state.errors.some((shown) => shown.message === message)
      ? state
      : { errors: [...state.errors, { id: nextId++, message }] },
  );
}

export function dismissError(id: number): void {
  useErrors.setState((state) => ({ errors: state.errors.filter((shown) => shown.id !== id) }));
}
