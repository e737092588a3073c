import { describe, expect, it } from 'vitest';
import { NODE_SIZES, projectRun } from '../../shared/graph';
import { richRun, syntheticRun } from '../../shared/graph/test-events';
import { FlowModel } from './flow-model';

describe('FlowModel', () => {
  const events = richRun().events;

  it('gives React Flow every node with its size, measured size and handles declared', () => {
    const view = new FlowModel().view(events);
    const graph = projectRun(events);
    expect(view.nodes.map((node) => node.id)).toEqual(graph.nodes.map((node) => node.id));
    for (const node of view.nodes) {
      const source = node.data.node;
      expect(node.type).toBe(source.kind);
      expect(node.position).toEqual({ x: source.x, y: source.y });
      expect([node.width, node.height]).toEqual([
        NODE_SIZES[source.kind].width,
        NODE_SIZES[source.kind].height,
      ]);
      expect(node.measured).toEqual({ width: node.width, height: node.height });
      expect(node.handles?.map((handle) => handle.type)).toEqual(['target', 'source']);
      expect(node.ariaLabel).toBe(source.label);
      expect(node.hidden).toBeUndefined();
    }
    expect(view.nodes.map((node) => node.ariaLabel)).toContain('tool call: query_sales_data, done');
    expect(view.edges.map((edge) => edge.id)).toEqual(graph.edges.map((edge) => edge.id));
    expect(new Set(view.edges.map((edge) => edge.className))).toEqual(
      new Set([
        'run-edge run-edge-flow',
        'run-edge run-edge-fanout',
        'run-edge run-edge-join',
        'run-edge run-edge-answer',
      ]),
    );
    expect(view.live).toBe(false);
  });

  it('hides what did not exist yet at a replay step, and shows the rest as it was then', () => {
    const model = new FlowModel();
    const step = events.findIndex((event) => event.type === 'tool.started') + 1;
    const view = model.view(events, step);
    const atStep = projectRun(events, { uptoSeq: step });
    const shownIds = view.nodes.filter((node) => !node.hidden).map((node) => node.id);
    expect(shownIds).toEqual(atStep.nodes.map((node) => node.id));
    for (const node of view.nodes.filter((n) => n.hidden))
      expect(node.data.node.firstSeq).toBeGreaterThan(step);
    const running = view.nodes.find(
      (node) => node.id === atStep.nodes.find((n) => n.status === 'running' && n.kind === 'tool')?.id,
    );
    expect(running?.data.node.status).toBe('running');
    const shownEdges = view.edges.filter((edge) => !edge.hidden).map((edge) => edge.id);
    expect(shownEdges).toEqual(atStep.edges.map((edge) => edge.id));
    expect(view.focus?.lastSeq).toBe(step);
    expect(view.live).toBe(false);
  });

  it('reuses node objects that did not change and marks the selected one', () => {
    const { log } = syntheticRun(300);
    const model = new FlowModel();
    const first = model.view(log.events.slice(0, 200));
    const second = model.view(log.events.slice(0, 260), undefined, 'task');
    expect(first.live).toBe(true);
    const before = new Map(first.nodes.map((node) => [node.id, node]));
    const reused = second.nodes.filter((node) => before.get(node.id) === node).length;
    expect(reused).toBeGreaterThan(first.nodes.length - 8);
    const task = second.nodes.find((node) => node.id === 'task');
    expect(task?.selected).toBe(true);
    expect(task?.domAttributes).toEqual({ 'aria-current': true });
    expect(second.nodes.filter((node) => node.selected)).toHaveLength(1);
    expect(model.view(log.events.slice(0, 260), undefined, 'task')).toBe(second);
  });

  it('follows the node the newest event touched', () => {
    const model = new FlowModel();
    const view = model.view(events);
    expect(view.focus?.kind).toBe('answer');
    expect(model.view([]).focus).toBeUndefined();
  });
});
