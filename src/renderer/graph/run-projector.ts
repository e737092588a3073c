import type { HermesEvent } from '../../shared/events';
import { createGraphBuilder, type GraphBuilder, type RunGraph } from '../../shared/graph';

const EMPTY: RunGraph = { nodes: [], edges: [], lastSeq: 0, bounds: { minX: 0, maxX: 0, maxY: 0 } };

/**
 * A run's graph kept current as its event list grows: only events not seen yet are fed to the
 * builder. It starts over when the run changes, the list shrinks or was replaced, or a step before
 * the one already drawn is asked for (the builder only goes forward).
 */
export class RunProjector {
  #builder: GraphBuilder = createGraphBuilder();
  #runId: string | undefined;
  #fed = 0;
  #lastFed: HermesEvent | undefined;
  #graph: RunGraph = EMPTY;

  /** The graph after the event with seq `uptoSeq` (after every event when it is undefined). */
  project(events: readonly HermesEvent[], uptoSeq?: number): RunGraph {
    const limit = uptoSeq ?? Number.POSITIVE_INFINITY;
    if (!this.#continues(events, limit)) this.#reset(events[0]?.runId);
    let changed = false;
    while (this.#fed < events.length) {
      const event = events[this.#fed];
      if (!event || event.seq > limit) break;
      this.#builder.add(event);
      this.#lastFed = event;
      this.#fed += 1;
      changed = true;
    }
    if (changed) this.#graph = this.#builder.graph();
    return this.#graph;
  }

  #continues(events: readonly HermesEvent[], limit: number): boolean {
    if (events[0]?.runId !== this.#runId || events.length < this.#fed) return false;
    if (this.#graph.lastSeq > limit) return false;
    return this.#fed === 0 || events[this.#fed - 1]?.seq === this.#lastFed?.seq;
  }

  #reset(runId: string | undefined): void {
    this.#builder = createGraphBuilder();
    this.#runId = runId;
    this.#fed = 0;
    this.#lastFed = undefined;
    this.#graph = EMPTY;
  }
}
