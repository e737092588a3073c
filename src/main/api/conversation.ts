import { EARLIER_TURNS, ownMessage } from '../../shared/conversation';
import type { EventStore } from '../store/event-store';

const MAX_TURNS = 3;
const MAX_TEXT = 400;

/**
 * The task of a chat follow-up: the last few turns (each the person's message and the run's answer,
 * shortened to one line) and then the new message, so the model sees the conversation it continues.
 */
export function followUpTask(
  store: EventStore,
  parentRunId: string,
  message: string,
): { ok: true; task: string } | { ok: false; error: string } {
  const turns: string[] = [];
  let runId: string | undefined = parentRunId;
  while (runId && turns.length < MAX_TURNS) {
    const run = store.run(runId);
    if (!run) break;
    const last = store.events(runId, { afterSeq: run.lastSeq - 1, expand: true })[0];
    const outcome =
      last?.type === 'run.finished'
        ? (last.answer ?? (last.error ? `(${last.status}: ${last.error})` : `(${last.status})`))
        : `(no answer yet: the run is ${run.status})`;
    turns.unshift(`task: ${oneLine(ownMessage(run.task))}; answer: ${oneLine(outcome)}`);
    runId = run.parentRunId;
  }
  if (turns.length === 0) return { ok: false, error: `no run with id ${parentRunId} to follow up` };
  return { ok: true, task: `${EARLIER_TURNS}\n${turns.join('\n')}\n\n${message}` };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}
