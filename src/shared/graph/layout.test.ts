import { describe, expect, it } from 'vitest';
import { projectRun } from './project';
import { richRun, syntheticRun } from './test-events';
import type { GraphNode } from './types';

/** Pairs of nodes whose boxes intersect, found by a sweep down the y axis. */
function overlaps(nodes: readonly GraphNode[]): string[] {
  const sorted = [...nodes].sort((a, b) => a.y - b.y);
  const found: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i];
    if (!a) continue;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j];
      if (!b || b.y >= a.y + a.height) break;
      if (b.x < a.x + a.width && a.x < b.x + b.width) found.push(`${a.id} × ${b.id}`);
    }
  }
  return found;
}

describe('layout', () => {
  it('lays out a 10,000-event run: one node per step, none overlapping', () => {
    const { log, rounds, calls } = syntheticRun(10_000);
    expect(log.events.length).toBeGreaterThanOrEqual(10_000);
    const graph = projectRun(log.events);
    expect(graph.nodes).toHaveLength(1 + rounds + calls + 1);
    // Each call has an edge in from its decision and one out to the next round.
    expect(graph.edges).toHaveLength(1 + 2 * calls + 1);
    expect(overlaps(graph.nodes)).toEqual([]);
    const decisions = graph.nodes.filter((n) => n.kind === 'decision');
    expect(decisions).toHaveLength(rounds);
    expect(new Set(decisions.map((n) => n.x + n.width / 2))).toEqual(new Set([0]));
    for (let i = 1; i < decisions.length; i++) {
      expect(decisions[i]?.y).toBeGreaterThan(decisions[i - 1]?.y ?? Number.POSITIVE_INFINITY);
    }
    expect(graph.bounds.maxY).toBe(Math.max(...graph.nodes.map((n) => n.y + n.height)));
  });

  it('keeps every kind of step apart', () => {
    expect(overlaps(projectRun(richRun().events).nodes)).toEqual([]);
  });

  it('places a column anywhere: the same layout shifted by columnX', () => {
    const events = richRun().events;
    const base = projectRun(events);
    const shifted = projectRun(events, { columnX: 1_000 });
    expect(shifted.nodes).toEqual(base.nodes.map((n) => ({ ...n, x: n.x + 1_000 })));
    expect(shifted.bounds).toEqual({
      minX: base.bounds.minX + 1_000,
      maxX: base.bounds.maxX + 1_000,
      maxY: base.bounds.maxY,
    });
  });

  it('is deterministic', () => {
    const { log } = syntheticRun(2_000);
    expect(projectRun(log.events)).toEqual(projectRun(log.events));
  });
});
