import type { HermesEvent } from '../events';
import { createGraphBuilder } from './builder';
import type { LayoutOptions, RunGraph } from './types';

/** Options of `projectRun`: where the column sits, and the step to show (replay). */
export interface ProjectOptions extends LayoutOptions {
  /** Show the run as it was right after the event with this seq. */
  uptoSeq?: number;
}

/**
 * A run's events (in seq order, as the store returns them) drawn as a graph. The same builder as the
 * live view, so a replayed step and the live graph at that step are the same graph.
 */
export function projectRun(events: readonly HermesEvent[], options: ProjectOptions = {}): RunGraph {
  const { uptoSeq, ...layout } = options;
  const builder = createGraphBuilder(layout);
  for (const event of events) {
    if (uptoSeq !== undefined && event.seq > uptoSeq) break;
    builder.add(event);
  }
  return builder.graph();
}
