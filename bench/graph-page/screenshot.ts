import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../e2e/support/browser';
import { syntheticRun } from '../../src/shared/graph/test-events';
import { openHarness, showEvents } from './browser';
import { buildHarness, serveFolder } from './serve';

/**
 * `npx tsx bench/graph-page/screenshot.ts [out dir]`: pictures of the run graph, inspector and replay
 * bar for a 200-event run, to look at after changing how they are drawn.
 */
const outDir = path.resolve(process.argv[2] ?? 'test-results/graph-page');
fs.mkdirSync(outDir, { recursive: true });
const built = await buildHarness();
const server = await serveFolder(built);
const browser = await launchChromium();
try {
  const { log } = syntheticRun(200);
  const page = await openHarness(browser, `${server.url}?full`);
  await showEvents(page, log.events, '[data-id^="answer:"]');
  await page.screenshot({ path: path.join(outDir, 'graph-end.png') });
  await page.keyboard.press('Home');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await page
    .getByRole('button', { name: /^tool call: tool_1/ })
    .last()
    .click();
  await page.screenshot({ path: path.join(outDir, 'replay-step-31.png') });
  await page.keyboard.press('End');
  await page.getByRole('button', { name: /^round 19 decision/ }).click();
  await page.getByRole('button', { name: 'Show the context of round 19' }).click();
  await page.getByRole('heading', { name: 'Changes in this round' }).waitFor();
  await page.screenshot({ path: path.join(outDir, 'round-inspector.png') });
  process.stdout.write(`${outDir}\n`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(built, { recursive: true, force: true });
}
