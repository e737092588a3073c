import type { RunSummary } from '../../shared/events';

const MAX_TURNS = 50;

/** The runs of the open run's conversation, oldest first: it and the runs it follows up. */
export function conversationOf(runs: readonly RunSummary[], openRunId: string | undefined): string[] {
  if (!openRunId) return [];
  const byId = new Map(runs.map((run) => [run.runId, run]));
  const chain = [openRunId];
  let parent = byId.get(openRunId)?.parentRunId;
  while (parent && chain.length < MAX_TURNS && !chain.includes(parent)) {
    chain.unshift(parent);
    parent = byId.get(parent)?.parentRunId;
  }
  return chain;
}
