import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { startServe } from './support/serve';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

describe('the first start, with no model set up', () => {
  it('says what to set, shows the settings, and runs the demo labelled as a recording', async () => {
    const served = await startServe();
    suite.served = served;
    const { page, problems } = await openPage(suite.browser, served.url);

    await page.getByRole('heading', { name: 'Set up a model to start' }).waitFor();
    await screenshot(page, '12-first-run');

    await page.getByRole('button', { name: 'Open settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    expect(await settings.getByLabel('Data folder').inputValue()).toBe(served.dataDir);
    expect(await settings.getByLabel('Policy for run_command').inputValue()).toBe('ask');
    // In the browser the key cannot be kept, so there is no field to type it into.
    expect(await settings.getByLabel('API key').count()).toBe(0);
    await screenshot(page, '13-settings');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Try the demo' }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.textContent()).toContain('204,804.95');
    expect(await page.getByText('Recording', { exact: true }).count()).toBe(1);
    await screenshot(page, '14-demo-recording');
    expect(problems).toEqual([]);
  });
});
