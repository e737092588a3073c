import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { syntheticRun } from '../src/shared/graph/test-events';
import { openHarness, showEvents } from './graph-page/browser';
import { buildHarness, serveFolder } from './graph-page/serve';
import type { BenchResult } from './result';

const SIZES = [500, 5_000];
const LOADS = 3;
const PAN_MS = 2_000;
/** Zooms panned at: the one a long run opens at, and zoomed out with ~100 nodes on screen. */
const PAN_ZOOMS = [0.9, 0.3];

interface PanFigures {
  work: number[];
  intervals: number[];
  drawn: number;
}

/**
 * The run graph in Chromium (the harness page, bench/graph-page): time from handing it a finished
 * run to its first painted view, and the work per frame while panning it programmatically.
 */
export async function benchGraphRender(): Promise<BenchResult[]> {
  const built = await buildHarness();
  const server = await serveFolder(built);
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  try {
    for (const size of SIZES) {
      const { log, calls } = syntheticRun(size);
      const label = `${log.events.length.toLocaleString('en-US')} events (${calls} tool calls)`;
      const paints: number[] = [];
      let page: Page | undefined;
      for (let load = 0; load < LOADS; load++) {
        await page?.close();
        page = await openHarness(browser, server.url);
        paints.push(await showEvents(page, log.events, '[data-id^="answer:"]'));
      }
      const nodes = await page?.evaluate(() => window.graphHarness?.flow?.getNodes().length ?? 0);
      results.push({
        name: `run graph, ${label}: open → first paint`,
        value: round(median(paints)),
        unit: 'ms',
        goal: '< 1000 ms',
        note: `median of ${LOADS} loads in fresh pages (${paints.map(round).join(', ')}); ${nodes} nodes, the newest centred`,
      });
      for (const zoom of PAN_ZOOMS) {
        if (!page) break;
        const pan = await panFor(page, zoom);
        const note = `setViewport each frame for ${PAN_MS / 1000} s at zoom ${zoom}, ${pan.drawn} nodes drawn; work = rAF start → next task after the frame; frame interval median ${round(median(pan.intervals))} ms`;
        results.push(
          {
            name: `run graph, ${label}: pan at zoom ${zoom}, frame work median`,
            value: round(median(pan.work)),
            unit: 'ms',
            goal: '< 16 ms',
            note,
          },
          {
            name: `run graph, ${label}: pan at zoom ${zoom}, frame work p95`,
            value: round(percentile(pan.work, 0.95)),
            unit: 'ms',
            note,
          },
        );
      }
      await page?.close();
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(built, { recursive: true, force: true });
  }
  return results;
}

/** Pans up from the run's end for PAN_MS, one viewport change per animation frame, timing each frame's work. */
function panFor(page: Page, zoom: number): Promise<PanFigures> {
  return page.evaluate(
    ([zoomLevel, duration]) =>
      new Promise<PanFigures>((resolve) => {
        const flow = window.graphHarness?.flow;
        if (!flow) throw new Error('the harness has no React Flow instance');
        // Start with the run's end in the middle of the pane, at this zoom.
        const end = flow.getNodes().find((node) => node.id.startsWith('answer:'));
        const pane = document.querySelector('.react-flow');
        if (!end || !pane) throw new Error('the harness shows no finished run');
        const start = {
          x: pane.clientWidth / 2 - (end.position.x + (end.width ?? 0) / 2) * zoomLevel,
          y: pane.clientHeight / 2 - (end.position.y + (end.height ?? 0) / 2) * zoomLevel,
        };
        const work: number[] = [];
        const intervals: number[] = [];
        let began = 0;
        let previous: number | undefined;
        const frame = (now: number) => {
          if (previous !== undefined) intervals.push(now - previous);
          previous = now;
          const t = performance.now();
          began ||= t;
          void flow.setViewport({ x: start.x, y: start.y + (t - began) * 0.8, zoom: zoomLevel });
          // A message posted now is handled once this frame's rendering is done.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => work.push(performance.now() - t);
          channel.port2.postMessage(undefined);
          if (t - began < duration) requestAnimationFrame(frame);
          else
            setTimeout(() =>
              resolve({ work, intervals, drawn: document.querySelectorAll('.react-flow__node').length }),
            );
        };
        requestAnimationFrame(frame);
      }),
    [zoom, PAN_MS] as const,
  );
}

function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchGraphRender(), null, 2)}\n`);
}
