import { describe, expect, it } from 'vitest';
import { type ChatRequest, roundOf, startFakeModel } from '../test/support/fake-model-server';
import { openPage, screenshot } from './support/browser';
import { modelEnv } from './support/scripts';
import { startServe } from './support/serve';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

/** run_command is of `external` risk, so the default policy asks before it runs. */
function script(request: ChatRequest) {
  if (roundOf(request) === 0) {
    return {
      tool_calls: [{ id: 'call_cmd', name: 'run_command', arguments: { command: 'echo from-the-model' } }],
    };
  }
  const result = request.messages.find((message) => message.role === 'tool')?.content ?? '';
  return {
    content: `The command printed: ${String(result).includes('from-the-person') ? 'from-the-person' : result}`,
  };
}

describe('an approval dialog', () => {
  it('edits the arguments, refuses broken JSON, shows the server’s error, and approves the edited call', async () => {
    const model = await startFakeModel(script);
    suite.model = model;
    const served = await startServe(modelEnv(model.url));
    suite.served = served;
    const { page, problems } = await openPage(suite.browser, served.url);

    const task = page.getByLabel('Task', { exact: true });
    await task.fill('Say hello from the shell');
    await task.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Approve a tool call?' });
    await dialog.waitFor();
    expect(await dialog.getByText('run_command', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('external', { exact: true }).count()).toBe(1);
    const args = dialog.getByLabel('Arguments (JSON, editable)');
    expect(JSON.parse(await args.inputValue())).toEqual({ command: 'echo from-the-model' });
    await screenshot(page, '04-approval-dialog');

    // Esc closes the dialog; the request waits in the runs list and opens again from there.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Review the approval' }).click();
    await dialog.waitFor();

    await args.fill('{"command": ');
    expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByText(/^Not valid JSON/).count()).toBe(1);

    await args.fill('{"command": 42}');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    await screenshot(page, '05-approval-server-error');
    expect(await dialog.getByRole('alert').textContent()).toMatch(/command/i);

    await args.fill('{"command": "echo from-the-person"}');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('The command printed: from-the-person');
    const chat = page.getByRole('log', { name: 'Conversation' });
    expect(await chat.getByText('Approved with edited arguments.').count()).toBe(1);
    await screenshot(page, '06-approval-finished');

    const [run] = await served.call('listRuns', {});
    const events = await served.call('getRunEvents', { runId: run?.runId ?? '' });
    const responded = events.find((event) => event.type === 'human.responded');
    expect(responded).toMatchObject({
      decision: 'approved',
      editedArguments: { command: 'echo from-the-person' },
    });
    const started = events.find((event) => event.type === 'tool.started');
    expect(started).toMatchObject({ name: 'run_command', arguments: { command: 'echo from-the-person' } });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', status: 'succeeded' });
    expect(problems).toEqual([]);
  });

  it('denies with a reason that reaches the model', async () => {
    const model = await startFakeModel((request) =>
      roundOf(request) === 0
        ? { tool_calls: [{ id: 'call_cmd', name: 'run_command', arguments: { command: 'rm -rf build' } }] }
        : { content: 'Understood, I will not run it.' },
    );
    suite.model = model;
    const served = await startServe(modelEnv(model.url));
    suite.served = served;
    const { page, problems } = await openPage(suite.browser, served.url);

    const task = page.getByLabel('Task', { exact: true });
    await task.fill('Clean the build folder');
    await task.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approve a tool call?' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason, if you deny (the agent is told)').fill('not on this machine');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('article', { name: 'Answer' }).waitFor();

    expect(await page.getByText('Denied: not on this machine').count()).toBe(1);
    const toolResult = model.requests.at(-1)?.messages.find((message) => message.role === 'tool');
    expect(String(toolResult?.content)).toContain('not on this machine');
    expect(problems).toEqual([]);
  });
});
