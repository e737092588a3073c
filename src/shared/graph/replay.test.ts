import { describe, expect, it } from 'vitest';
import { createGraphBuilder } from './builder';
import { projectRun } from './project';
import { richRun, syntheticRun } from './test-events';
import type { GraphDelta, GraphEdge, GraphNode } from './types';

/** What a renderer holds when it applies only deltas. */
function applyDeltas(deltas: readonly GraphDelta[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  for (const delta of deltas) {
    for (const node of delta.addedNodes) {
      expect(nodes.has(node.id)).toBe(false);
      nodes.set(node.id, node);
    }
    for (const node of delta.updatedNodes) {
      const old = nodes.get(node.id);
      expect(old, `update of unknown node ${node.id}`).toBeDefined();
      expect([node.x, node.y, node.width, node.height]).toEqual([old?.x, old?.y, old?.width, old?.height]);
      nodes.set(node.id, node);
    }
    edges.push(...delta.addedEdges);
  }
  return { nodes: [...nodes.values()], edges };
}

describe('replay and live growth', () => {
  const events = richRun().events;

  it('projects step k exactly as a builder fed the first k events, with stable ids and positions', () => {
    const builder = createGraphBuilder();
    let previous = projectRun(events, { uptoSeq: 0 });
    expect(previous).toEqual({ nodes: [], edges: [], lastSeq: 0, bounds: { minX: 0, maxX: 0, maxY: 0 } });
    for (const event of events) {
      builder.add(event);
      const replayed = projectRun(events, { uptoSeq: event.seq });
      expect(replayed).toEqual(builder.graph());
      expect(replayed.lastSeq).toBe(event.seq);
      const now = new Map(replayed.nodes.map((n) => [n.id, n]));
      for (const before of previous.nodes) {
        const after = now.get(before.id);
        expect(after, `node ${before.id} vanished at seq ${event.seq}`).toBeDefined();
        expect([after?.x, after?.y]).toEqual([before.x, before.y]);
        expect(after?.firstSeq).toBe(before.firstSeq);
      }
      expect(replayed.edges.slice(0, previous.edges.length)).toEqual(previous.edges);
      previous = replayed;
    }
  });

  it('gives the same graph from deltas as from projectRun', () => {
    const builder = createGraphBuilder();
    const applied = applyDeltas(events.map((event) => builder.add(event)));
    const projected = projectRun(events);
    expect(applied.nodes).toEqual(projected.nodes);
    expect(applied.edges).toEqual(projected.edges);
  });

  it('never moves a node of a 10,000-event run as it grows', () => {
    const { log } = syntheticRun(10_000);
    const builder = createGraphBuilder();
    const applied = applyDeltas(log.events.map((event) => builder.add(event)));
    expect(applied.nodes).toEqual(builder.graph().nodes);
  });

  it('ignores an event it has already applied, and refuses another run', () => {
    const builder = createGraphBuilder();
    const [fourth, seventh] = [events[3], events[6]];
    if (!fourth || !seventh) throw new Error('the fixture is too short');
    for (const event of events.slice(0, 6)) builder.add(event);
    const before = builder.graph();
    const again = builder.add(fourth);
    expect(again).toEqual({ seq: 6, addedNodes: [], updatedNodes: [], addedEdges: [] });
    expect(builder.graph()).toEqual(before);
    const stranger = { ...seventh, runId: 'run_other' };
    expect(() => builder.add(stranger)).toThrow(/run_other/);
  });

  it('hands out new node objects on update and leaves the old ones as they were', () => {
    const builder = createGraphBuilder();
    for (const event of events.slice(0, 4)) builder.add(event);
    const round = builder.graph().nodes.find((n) => n.id === 'round:1');
    const snapshot = structuredClone(round);
    for (const event of events.slice(4)) builder.add(event);
    expect(round).toEqual(snapshot);
  });
});
