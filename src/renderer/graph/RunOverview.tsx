import { useReactFlow, useStoreApi } from '@xyflow/react';
import { type PointerEvent, useEffect, useMemo, useRef } from 'react';
import type { GraphBounds, GraphNode, NodeStatus } from '../../shared/graph';
import { graphPoint, overviewScale, viewportBox } from './overview-scale';

const COLOURS: Record<NodeStatus | 'none', string> = {
  running: '#8fb0ea',
  ok: '#8cc79c',
  failed: '#d9534f',
  waiting: '#e9a825',
  denied: '#a86ccf',
  cancelled: '#aab2bf',
  none: '#c3cad6',
};

/**
 * An overview of the whole run on a canvas, with the part on screen framed; press or drag in it to
 * go there. React Flow's MiniMap draws an SVG element per node and repaints them all on every pan,
 * which costs more than the graph itself on long runs (STACK.md); here a pan moves one frame.
 */
export function RunOverview({
  nodes,
  bounds,
  onNavigate,
}: {
  /** The nodes drawn: those of the step shown. */
  nodes: readonly GraphNode[];
  /** The whole run's extent, so the overview keeps its scale through a replay. */
  bounds: GraphBounds;
  onNavigate(): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const store = useStoreApi();
  const flow = useReactFlow();
  const scale = useMemo(() => overviewScale(bounds), [bounds]);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(scale.width * ratio);
    element.height = Math.round(scale.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, scale.width, scale.height);
    for (const node of nodes) drawNode(context, node, scale);
  }, [nodes, scale]);

  useEffect(() => {
    const place = () => {
      const { transform, width, height } = store.getState();
      const box = viewportBox(
        scale,
        { x: transform[0], y: transform[1], zoom: transform[2] },
        { width, height },
      );
      const style = frame.current?.style;
      if (!style) return;
      style.transform = `translate(${box.left}px, ${box.top}px)`;
      style.width = `${box.width}px`;
      style.height = `${box.height}px`;
    };
    place();
    return store.subscribe(place);
  }, [store, scale]);

  const goTo = (event: PointerEvent<HTMLDivElement>) => {
    if (event.buttons !== 1) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const point = graphPoint(scale, event.clientX - rect.left, event.clientY - rect.top);
    onNavigate();
    void flow.setCenter(point.x, point.y, { zoom: flow.getZoom() });
  };

  return (
    <div
      className="run-overview"
      role="img"
      aria-label="Run graph overview"
      style={{ width: scale.width, height: scale.height }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        goTo(event);
      }}
      onPointerMove={goTo}
    >
      <canvas ref={canvas} style={{ width: scale.width, height: scale.height }} />
      <div ref={frame} className="run-overview-frame" />
    </div>
  );
}

function drawNode(
  context: CanvasRenderingContext2D,
  node: GraphNode,
  scale: ReturnType<typeof overviewScale>,
): void {
  context.fillStyle = COLOURS[node.status ?? 'none'];
  const failed = node.status === 'failed';
  // Failures stay visible however long the run: at least two pixels tall.
  const height = Math.max(failed ? 2 : 0.5, node.height * scale.sy);
  context.fillRect(
    (node.x - scale.minX) * scale.sx,
    node.y * scale.sy,
    Math.max(1, node.width * scale.sx),
    height,
  );
}
