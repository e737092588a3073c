import type { Browser, Page } from 'playwright-core';
import type { HermesEvent } from '../../src/shared/events';

/** A new page on the harness, ready for events. */
export async function openHarness(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // tsx compiles functions handed to page.evaluate with esbuild's name helper, which the page lacks.
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(url);
  await page.waitForFunction(() => window.graphHarness !== undefined);
  return page;
}

/**
 * Hands the events to the page and waits until the graph is painted in its first view: the node the
 * view opens on is in the page, and a frame has been drawn since. Returns the milliseconds taken.
 */
export function showEvents(
  page: Page,
  events: readonly HermesEvent[],
  shownNodeSelector: string,
): Promise<number> {
  return page.evaluate(
    ([list, selector]) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        window.graphHarness?.setEvents(list);
        const check = () => {
          if (!document.querySelector(selector)) {
            requestAnimationFrame(check);
            return;
          }
          // This frame draws the node; a task queued from it runs once the frame is painted.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
        };
        requestAnimationFrame(check);
      }),
    [events as HermesEvent[], shownNodeSelector] as const,
  );
}
