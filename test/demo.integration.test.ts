import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freshDataDir, ofType, runCli } from './support/cli';

const recording = JSON.parse(readFileSync('resources/demo/sales-week.json', 'utf8')) as { task: string };

it('plays the demo recording against the real demo tools, and its numbers are the tools’ numbers', async () => {
  const result = await runCli([
    'run',
    recording.task,
    '--json',
    '--model-script',
    'resources/demo/sales-week.json',
    '--data-dir',
    freshDataDir(),
  ]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const outputs = ofType(result.events, 'tool.finished');
  const totals = outputs
    .filter((e) => e.name === 'query_sales_data')
    .map((e) => (e.output as { total_amount: number }).total_amount);
  const growth = outputs.find((e) => e.name === 'calc_growth_rate')?.output as { growth_rate: number };
  const answer = ofType(result.events, 'run.finished')[0]?.answer ?? '';
  const money = (n: number | undefined) => (n ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 });
  expect(answer).toContain(money(totals[0]));
  expect(answer).toContain(money(totals[1]));
  expect(answer).toContain(`${growth.growth_rate}%`);
  const started = ofType(result.events, 'run.started')[0];
  const report = readFileSync(join(started?.workspace ?? '', 'reports', '2024-03-10.md'), 'utf8');
  expect(report).toContain(`+${growth.growth_rate}%`);
});
