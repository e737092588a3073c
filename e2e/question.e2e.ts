import { describe, expect, it } from 'vitest';
import { roundOf, startFakeModel } from '../test/support/fake-model-server';
import { openPage, screenshot } from './support/browser';
import { modelEnv } from './support/scripts';
import { startServe } from './support/serve';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

describe('a question dialog', () => {
  it('asks, takes the answer, and the run finishes with it', async () => {
    const model = await startFakeModel((request) => {
      if (roundOf(request) === 0) {
        return {
          tool_calls: [
            { id: 'call_ask', name: 'ask_user', arguments: { question: 'Which week do you mean?' } },
          ],
        };
      }
      const answer = request.messages.find((message) => message.role === 'tool')?.content;
      return { content: `Using **${String(answer)}**.` };
    });
    suite.model = model;
    const served = await startServe(modelEnv(model.url));
    suite.served = served;
    const { page, problems } = await openPage(suite.browser, served.url);

    const task = page.getByLabel('Task', { exact: true });
    await task.fill('Summarise the sales of that week');
    await task.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'The agent asks you' });
    await dialog.waitFor();
    expect(await dialog.getByText('Which week do you mean?').count()).toBe(1);
    // The runs list shows the run as waiting for the person.
    expect(
      await page.getByRole('navigation', { name: 'Runs' }).getByText('waiting for you').count(),
    ).toBeGreaterThan(0);
    await screenshot(page, '07-question-dialog');

    await dialog.getByRole('button', { name: 'Send answer' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Type an answer first.');
    await dialog.getByLabel('Your answer').fill('the week of 2024-03-04');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.waitFor({ state: 'detached' });

    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('the week of 2024-03-04');
    expect(
      await page.getByRole('log', { name: 'Conversation' }).getByText('the week of 2024-03-04').count(),
    ).toBe(2);
    await screenshot(page, '08-question-answered');

    const [run] = await served.call('listRuns', {});
    expect(run?.status).toBe('succeeded');
    expect(problems).toEqual([]);
  });
});
