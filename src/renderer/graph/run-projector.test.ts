import { describe, expect, it } from 'vitest';
import { projectRun } from '../../shared/graph';
import { richRun, syntheticRun, TestLog } from '../../shared/graph/test-events';
import { RunProjector } from './run-projector';

describe('RunProjector', () => {
  const events = richRun().events;

  it('grows the graph from appended events exactly as projecting the whole list', () => {
    const projector = new RunProjector();
    for (let n = 0; n <= events.length; n += 3) {
      expect(projector.project(events.slice(0, n))).toEqual(projectRun(events.slice(0, n)));
    }
    expect(projector.project(events)).toEqual(projectRun(events));
  });

  it('hands back the same graph object while nothing new arrived', () => {
    const projector = new RunProjector();
    const first = projector.project(events);
    expect(projector.project([...events])).toBe(first);
  });

  it('shows any step, going forward and back', () => {
    const projector = new RunProjector();
    for (const step of [5, 9, 20, 3, 3, events.length, 1]) {
      expect(projector.project(events, step)).toEqual(projectRun(events, { uptoSeq: step }));
    }
  });

  it('starts over for another run, and when the list shrinks', () => {
    const projector = new RunProjector();
    projector.project(events);
    const other = new TestLog('run_other').start('another task');
    other.toolRound(1, ['list_files']);
    expect(projector.project(other.events)).toEqual(projectRun(other.events));
    expect(projector.project(other.events.slice(0, 2))).toEqual(projectRun(other.events.slice(0, 2)));
    expect(projector.project([]).nodes).toEqual([]);
  });

  it('keeps every unchanged node object as a long run grows', () => {
    const { log } = syntheticRun(2_000);
    const projector = new RunProjector();
    const before = projector.project(log.events.slice(0, 1_000));
    const after = projector.project(log.events);
    const now = new Map(after.nodes.map((node) => [node.id, node]));
    const kept = before.nodes.filter((node) => now.get(node.id) === node);
    // Only the round under way at event 1,000 can have changed since.
    expect(before.nodes.length - kept.length).toBeLessThanOrEqual(6);
  });
});
