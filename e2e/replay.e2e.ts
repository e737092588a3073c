import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { startServe } from './support/serve';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();
const DRAWN_NODES = '[aria-label="Run graph"] .react-flow__node';
const FIT_VIEW = '[aria-label="Run graph"] .react-flow__controls-fitview';

describe('replaying a finished run', () => {
  it('steps back and forward with the keys; the graph and the inspector follow the step', async () => {
    const served = await startServe();
    suite.served = served;
    const started = await served.call('startDemo', {});
    if (!started.ok) throw new Error(started.error);
    const runId = started.runId;
    await expect
      .poll(async () => (await served.call('listRuns', {}))[0]?.status, { timeout: 30_000 })
      .toBe('succeeded');
    const events = await served.call('getRunEvents', { runId });
    const lastSeq = events.at(-1)?.seq ?? 0;

    const { page, problems } = await openPage(suite.browser, `${served.url}/#run=${runId}`);
    const replay = page.getByRole('toolbar', { name: 'Replay' });
    const position = replay.locator('output');
    await expect.poll(() => position.textContent()).toContain(`Step ${lastSeq} of ${lastSeq}`);

    // Fitted, the whole run is on screen, so every node is drawn.
    await page.locator(FIT_VIEW).click();
    await expect.poll(() => page.getByRole('button', { name: /^task: / }).count()).toBe(1);
    const wholeRun = await page.locator(DRAWN_NODES).count();
    expect(wholeRun).toBeGreaterThan(8);
    const finalAnswer = page.getByRole('button', { name: /^final answer: / });
    await finalAnswer.click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await expect.poll(() => inspector.textContent()).toContain('204,804.95');
    await screenshot(page, '09-replay-inspector-final');

    // One step back: the run has not finished yet, so the final answer is not drawn and not inspected.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toContain(`Step ${lastSeq - 1} of ${lastSeq}`);
    expect(await finalAnswer.count()).toBe(0);
    await expect.poll(() => inspector.textContent()).not.toContain('204,804.95');
    expect(page.url()).toContain(`step=${lastSeq - 1}`);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toContain(`Step ${lastSeq} of ${lastSeq}`);
    await expect.poll(() => inspector.textContent()).toContain('204,804.95');

    // Home: only the task.
    await page.keyboard.press('Home');
    await expect.poll(() => position.textContent()).toContain(`Step 1 of ${lastSeq}`);
    await expect.poll(() => page.locator(DRAWN_NODES).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^task: / }).count()).toBe(1);
    await screenshot(page, '10-replay-step-1');

    // Forward step by step: nodes only ever appear, and the first tool call shows up on the way.
    let drawn = 1;
    for (let step = 2; step <= 8; step++) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => position.textContent()).toContain(`Step ${step} of ${lastSeq}`);
      const now = await page.locator(DRAWN_NODES).count();
      expect(now).toBeGreaterThanOrEqual(drawn);
      drawn = now;
    }
    expect(await page.getByRole('button', { name: /^tool call: query_sales_data/ }).count()).toBeGreaterThan(
      0,
    );
    await page
      .getByRole('button', { name: /^tool call: query_sales_data/ })
      .first()
      .click();
    await expect.poll(() => inspector.textContent()).toContain('query_sales_data');
    await screenshot(page, '11-replay-tool-call');

    await page.keyboard.press('End');
    await expect.poll(() => position.textContent()).toContain(`Step ${lastSeq} of ${lastSeq}`);
    await page.locator(FIT_VIEW).click();
    await expect.poll(() => page.locator(DRAWN_NODES).count()).toBe(wholeRun);

    // A link with a step opens the run at that step.
    const linked = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await linked.goto(`${served.url}/#run=${runId}&step=1`);
    await expect
      .poll(() => linked.getByRole('toolbar', { name: 'Replay' }).locator('output').textContent())
      .toContain(`Step 1 of ${lastSeq}`);
    await linked.close();
    expect(problems).toEqual([]);
  });
});
