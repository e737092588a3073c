import type { HermesNotice } from '../../shared/api';
import type { HermesEvent } from '../../shared/events';
import type { EventStore } from '../store/event-store';

/**
 * Fans notices out to listeners: events this process commits (from the store, at once) and events other
 * processes append (the CLI answering a question while the app runs), found by polling the runs index.
 * Each run's events go out once each, in seq order: a gap is filled from the database first.
 */
export class NoticeHub {
  readonly #store: EventStore;
  readonly #listeners = new Set<(notice: HermesNotice) => void>();
  /** The last seq sent (or, before anyone listened, already in the log) per run. */
  readonly #noticed = new Map<string, number>();
  readonly #unsubscribe: () => void;
  readonly #timer: NodeJS.Timeout;

  constructor(store: EventStore, pollMs = 1_000) {
    this.#store = store;
    // History is not news: only events after this moment are sent.
    for (const run of store.runs()) this.#noticed.set(run.runId, run.lastSeq);
    this.#unsubscribe = store.subscribe((event) => this.#committed(event));
    this.#timer = setInterval(() => this.poll(), pollMs);
    this.#timer.unref();
  }

  subscribe(listener: (notice: HermesNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Model text as it streams; not stored, so sent as it comes. */
  text(runId: string, delta: string): void {
    this.#send({ kind: 'text', runId, delta });
  }

  /** Sends what other processes appended since the last look. */
  poll(): void {
    for (const run of this.#store.runs()) {
      const noticed = this.#noticed.get(run.runId) ?? 0;
      if (run.lastSeq > noticed) this.#catchUp(run.runId, run.lastSeq);
    }
  }

  close(): void {
    clearInterval(this.#timer);
    this.#unsubscribe();
    this.#listeners.clear();
  }

  #committed(event: HermesEvent): void {
    const noticed = this.#noticed.get(event.runId) ?? 0;
    if (event.seq <= noticed) return;
    if (event.seq === noticed + 1) {
      this.#noticed.set(event.runId, event.seq);
      this.#send({ kind: 'event', event });
      return;
    }
    this.#catchUp(event.runId, event.seq);
  }

  #catchUp(runId: string, upToSeq: number): void {
    const noticed = this.#noticed.get(runId) ?? 0;
    if (this.#listeners.size === 0) {
      this.#noticed.set(runId, Math.max(noticed, upToSeq));
      return;
    }
    for (const event of this.#store.events(runId, { afterSeq: noticed, expand: true })) {
      if (event.seq <= (this.#noticed.get(runId) ?? 0)) continue;
      this.#noticed.set(runId, event.seq);
      this.#send({ kind: 'event', event });
    }
  }

  #send(notice: HermesNotice): void {
    for (const listener of this.#listeners) {
      try {
        listener(notice);
      } catch {
        // One broken listener (a closed connection) must not keep the notice from the others.
      }
    }
  }
}
