import { useReactFlow, useStore, type Viewport } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { FlowView } from './flow-model';
import { centredOn, fitViewport, followViewport, inView, READING_ZOOM } from './viewport';

const PAN_MS = 200;

/**
 * Places the view when a run is opened (the whole run if it fits readably, else its newest node),
 * then, while `tracking`, keeps the newest node on screen: the live run's latest step, or the replay
 * step shown. Lives inside React Flow for its instance.
 */
export function FollowRun({ view, tracking }: { view: FlowView; tracking: boolean }) {
  const flow = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  const placedRun = useRef<string | undefined>(undefined);
  // Where the last pan is headed: mid-pan, the viewport React Flow reports is on its way there.
  const heading = useRef<{ viewport: Viewport; until: number } | undefined>(undefined);

  useEffect(() => {
    const { focus, runId } = view;
    if (!focus || !runId || width === 0 || height === 0) return;
    const pane = { width, height };
    if (placedRun.current !== runId) {
      placedRun.current = runId;
      heading.current = undefined;
      void flow.setViewport(fitViewport(view.full.bounds, pane) ?? centredOn(focus, pane, READING_ZOOM));
      return;
    }
    if (!tracking) return;
    const now = performance.now();
    const panning = heading.current && heading.current.until > now ? heading.current.viewport : undefined;
    const viewport = panning ?? flow.getViewport();
    if (inView(focus, viewport, pane)) return;
    const axis = (view.full.bounds.minX + view.full.bounds.maxX) / 2;
    const target = followViewport(focus, axis, pane, viewport.zoom);
    heading.current = { viewport: target, until: now + PAN_MS };
    void flow.setViewport(target, { duration: PAN_MS });
  }, [view, tracking, width, height, flow]);

  return null;
}
