import type { HermesEvent } from '../../shared/events';

/** A run's events as the window keeps them: contiguous from seq 1, plus any that came early. */
export interface RunEvents {
  events: HermesEvent[];
  /** Events past a gap, kept until the gap is filled. */
  held: HermesEvent[];
}

export const NO_EVENTS: RunEvents = { events: [], held: [] };

/**
 * Adds events that arrived in any order, any number of times (a notice and a fetch can overlap),
 * keeping `events` contiguous from seq 1 so the graph never sees a hole. Returns `current` itself
 * when nothing new arrived, so selectors do not re-render for a duplicate.
 */
export function mergeEvents(current: RunEvents, incoming: readonly HermesEvent[]): RunEvents {
  let lastSeq = current.events.at(-1)?.seq ?? 0;
  const waiting = new Map<number, HermesEvent>();
  for (const event of current.held) waiting.set(event.seq, event);
  let changed = false;
  for (const event of incoming) {
    if (event.seq > lastSeq && !waiting.has(event.seq)) {
      waiting.set(event.seq, event);
      changed = true;
    }
  }
  if (!changed) return current;
  const appended: HermesEvent[] = [];
  for (let next = waiting.get(lastSeq + 1); next; next = waiting.get(lastSeq + 1)) {
    appended.push(next);
    waiting.delete(next.seq);
    lastSeq = next.seq;
  }
  return {
    events: appended.length > 0 ? [...current.events, ...appended] : current.events,
    held: [...waiting.values()].sort((a, b) => a.seq - b.seq),
  };
}

/** The seq after which events are missing, if some arrived past a gap. */
export function gapAfter(run: RunEvents): number | undefined {
  return run.held.length > 0 ? (run.events.at(-1)?.seq ?? 0) : undefined;
}
