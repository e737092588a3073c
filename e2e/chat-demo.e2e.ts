import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startFakeModel } from '../test/support/fake-model-server';
import { openPage, screenshot } from './support/browser';
import { demoScript, modelEnv } from './support/scripts';
import { startServe } from './support/serve';
import { e2eSuite } from './support/suite';

const DRAWN_NODES = '[aria-label="Run graph"] .react-flow__node';

/**
 * Records, from inside the page, how many distinct graph nodes have been drawn so far each time the
 * graph changes. The graph draws only the nodes on screen, so nodes are counted by id as they appear.
 */
async function recordNodeCounts(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const seen = new Set<string>();
    const counts: number[] = [];
    (window as unknown as { nodeCounts: number[] }).nodeCounts = counts;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll(selector)) seen.add(node.getAttribute('data-id') ?? '');
      if (counts.at(-1) !== seen.size) counts.push(seen.size);
    }).observe(document.body, { childList: true, subtree: true });
  }, DRAWN_NODES);
}

const suite = e2eSuite();

describe('the chat pane with the demo task', () => {
  it('runs the typed task, grows the graph node by node and shows the answer; a follow-up links to it', async () => {
    const script = demoScript(400);
    const model = await startFakeModel([...script.replies, { content: 'It was **4.44%**, as above.' }]);
    suite.model = model;
    const served = await startServe(modelEnv(model.url));
    suite.served = served;
    const { page, problems } = await openPage(suite.browser, served.url);

    await expect.poll(() => page.getByText('Start a task').count()).toBe(1);
    await screenshot(page, '01-empty-window');
    await recordNodeCounts(page);

    const task = page.getByLabel('Task', { exact: true });
    await task.fill(script.task);
    await task.press('Enter');

    await page.getByRole('article', { name: 'Answer' }).waitFor();
    await expect
      .poll(() => page.getByRole('article', { name: 'Answer' }).textContent())
      .toContain('204,804.95');
    await screenshot(page, '02-demo-answer');

    const counts = await page.evaluate(() => (window as unknown as { nodeCounts: number[] }).nodeCounts);
    // The graph appeared in steps as events arrived, not all at once at the end.
    expect(counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(4);
    expect(counts.at(-1)).toBeGreaterThan(6);

    const chat = page.getByRole('log', { name: 'Conversation' });
    expect(await chat.getByText('query_sales_data').count()).toBe(2);
    expect(await chat.getByText('save_daily_report').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^final answer: Sales for the week/ }).count()).toBe(1);

    const [first] = await served.call('listRuns', {});
    expect(first).toMatchObject({ status: 'succeeded', task: script.task });

    await task.fill('And in percent?');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Answer' }).count()).toBe(2);
    const runs = await served.call('listRuns', {});
    const followUp = runs.find((run) => run.parentRunId === first?.runId);
    expect(followUp?.task).toMatch(/\n\nAnd in percent\?$/);
    expect(await chat.getByText('And in percent?', { exact: true }).count()).toBe(1);
    expect(await chat.getByText(script.task).count()).toBe(1);
    await screenshot(page, '03-follow-up');

    expect(problems).toEqual([]);
  });
});
