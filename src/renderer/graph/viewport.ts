import type { Viewport } from '@xyflow/react';
import type { GraphBounds, GraphNode } from '../../shared/graph';

/** Zoomed out further than this, more nodes are on screen than can be drawn smoothly (STACK.md: ~300). */
export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 2;
/** The zoom a run too tall to fit is shown at, following its newest node. */
export const READING_ZOOM = 0.9;
/** Below this zoom a node's text is too small to read and is not drawn. */
export const DETAIL_ZOOM = 0.45;
/** A run that fits only below this zoom is not fitted: it is followed at READING_ZOOM instead. */
const FIT_FLOOR = 0.5;
const PADDING = 40;

export interface PaneSize {
  width: number;
  height: number;
}

/** The viewport that shows the whole graph, or undefined when that would make it unreadably small. */
export function fitViewport(bounds: GraphBounds, pane: PaneSize): Viewport | undefined {
  const width = bounds.maxX - bounds.minX + 2 * PADDING;
  const height = bounds.maxY + 2 * PADDING;
  if (pane.width <= 0 || pane.height <= 0) return undefined;
  const zoom = Math.min(pane.width / width, pane.height / height, 1);
  if (zoom < FIT_FLOOR) return undefined;
  return {
    x: pane.width / 2 - ((bounds.minX + bounds.maxX) / 2) * zoom,
    y: pane.height / 2 - (bounds.maxY / 2) * zoom,
    zoom,
  };
}

/** The viewport with `node` in the middle of the pane at `zoom`. */
export function centredOn(node: GraphNode, pane: PaneSize, zoom: number): Viewport {
  return {
    x: pane.width / 2 - (node.x + node.width / 2) * zoom,
    y: pane.height / 2 - (node.y + node.height / 2) * zoom,
    zoom,
  };
}

/** Whether `node` lies wholly inside what `viewport` shows of a pane. */
export function inView(node: GraphNode, viewport: Viewport, pane: PaneSize): boolean {
  const left = node.x * viewport.zoom + viewport.x;
  const top = node.y * viewport.zoom + viewport.y;
  return (
    left >= 0 &&
    top >= 0 &&
    left + node.width * viewport.zoom <= pane.width &&
    top + node.height * viewport.zoom <= pane.height
  );
}

/**
 * The viewport that brings `node` to the middle of the pane vertically while keeping the run's
 * column (at `axisX`) in the middle, unless that would leave the node off screen to a side.
 */
export function followViewport(node: GraphNode, axisX: number, pane: PaneSize, zoom: number): Viewport {
  const centred = centredOn(node, pane, zoom);
  const onAxis = { ...centred, x: pane.width / 2 - axisX * zoom };
  return inView(node, onAxis, pane) ? onAxis : centred;
}
