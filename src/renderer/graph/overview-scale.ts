import type { Viewport } from '@xyflow/react';
import type { GraphBounds } from '../../shared/graph';

/** Largest size of the overview, in CSS pixels. */
export const OVERVIEW_WIDTH = 140;
export const OVERVIEW_MAX_HEIGHT = 200;

/** How the overview maps graph coordinates to its own pixels. */
export interface OverviewScale {
  width: number;
  height: number;
  minX: number;
  sx: number;
  sy: number;
}

/**
 * Fits the run into the overview: across its full width, and down its height at the same scale while
 * it fits, squeezed vertically beyond that (a long run is a tall column; the overview is then more a
 * scroll bar than a map, which is what such a run needs).
 */
export function overviewScale(bounds: GraphBounds): OverviewScale {
  const graphWidth = Math.max(1, bounds.maxX - bounds.minX);
  const graphHeight = Math.max(1, bounds.maxY);
  const sx = OVERVIEW_WIDTH / graphWidth;
  const height = Math.min(OVERVIEW_MAX_HEIGHT, Math.max(24, graphHeight * sx));
  return { width: OVERVIEW_WIDTH, height, minX: bounds.minX, sx, sy: height / graphHeight };
}

/** The part of the overview the viewport shows, in overview pixels. */
export function viewportBox(
  scale: OverviewScale,
  viewport: Viewport,
  pane: { width: number; height: number },
): { left: number; top: number; width: number; height: number } {
  const x = -viewport.x / viewport.zoom;
  const y = -viewport.y / viewport.zoom;
  return {
    left: (x - scale.minX) * scale.sx,
    top: y * scale.sy,
    width: (pane.width / viewport.zoom) * scale.sx,
    height: (pane.height / viewport.zoom) * scale.sy,
  };
}

/** The graph point under an overview pixel. */
export function graphPoint(scale: OverviewScale, x: number, y: number): { x: number; y: number } {
  return { x: scale.minX + x / scale.sx, y: y / scale.sy };
}
