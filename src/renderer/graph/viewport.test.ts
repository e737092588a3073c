import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../shared/graph';
import { centredOn, fitViewport, followViewport, inView } from './viewport';

const pane = { width: 1000, height: 800 };
const node = { x: 100, y: 2_000, width: 200, height: 64 } as GraphNode;

describe('viewport', () => {
  it('fits a graph that stays readable, centred, never enlarged past 1', () => {
    const fit = fitViewport({ minX: -300, maxX: 300, maxY: 900 }, pane);
    expect(fit?.zoom).toBeCloseTo(800 / 980);
    expect(fit?.x).toBeCloseTo(500);
    expect(fitViewport({ minX: -100, maxX: 100, maxY: 200 }, pane)?.zoom).toBe(1);
  });

  it('does not fit a graph that would be unreadably small, nor into a pane not laid out yet', () => {
    expect(fitViewport({ minX: -300, maxX: 300, maxY: 20_000 }, pane)).toBeUndefined();
    expect(fitViewport({ minX: -300, maxX: 300, maxY: 900 }, { width: 0, height: 0 })).toBeUndefined();
  });

  it('centres a node and tells whether it is on screen', () => {
    const view = centredOn(node, pane, 0.5);
    expect(view).toEqual({ x: 500 - 200 * 0.5, y: 400 - 2_032 * 0.5, zoom: 0.5 });
    expect(inView(node, view, pane)).toBe(true);
    expect(inView(node, { x: 0, y: 0, zoom: 1 }, pane)).toBe(false);
  });

  it('follows a node down the run, keeping the column in the middle while the node stays on screen', () => {
    const lane = { x: -350, y: 1_000, width: 200, height: 64 } as GraphNode;
    expect(followViewport(lane, 0, pane, 1)).toEqual({ x: 500, y: 400 - 1_032, zoom: 1 });
    const far = { ...lane, x: -900 };
    expect(followViewport(far, 0, pane, 1)).toEqual(centredOn(far, pane, 1));
  });
});
