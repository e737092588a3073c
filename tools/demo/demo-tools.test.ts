import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/main/tools/registry';
import { ToolHost } from '../../src/main/tools/tool-host';
import type { ToolContext, ToolOutcome } from '../../src/main/tools/types';
import { Workspace } from '../../src/main/tools/workspace';
import { builtinTools } from '../index';
import { calcGrowthRateTool, roundTo2 } from './calc-growth-rate';
import { querySalesDataTool } from './query-sales-data';
import { SALES_ROWS } from './sales-data';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-demo-'));
const registry = new ToolRegistry(builtinTools);
const host = new ToolHost();
const context: ToolContext = {
  runId: 'r',
  callId: 'c',
  signal: new AbortController().signal,
  workspace: new Workspace(root),
  archive: { output: () => undefined },
};

afterAll(async () => {
  await host.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function run(name: string, args: unknown): Promise<ToolOutcome> {
  return host.run({
    name,
    args,
    runId: 'r',
    callId: `${name}-${Math.random()}`,
    workspaceRoot: root,
    timeoutMs: 20_000,
  });
}

function validArgs(name: string, args: unknown) {
  const checked = registry.validate(name, args);
  if (!checked.ok) throw new Error(checked.error);
  return checked.args as never;
}

describe('calc_growth_rate', () => {
  it.each([
    [110, 100, 10],
    [1, 3, -66.67],
    [5, 3, 66.67],
    [2, 3, -33.33],
    [100.5, 100, 0.5],
    [50, -100, 150],
    [0, 250, -100],
  ])('current %d, previous %d → %d%%', async (current, previous, expected) => {
    expect(await calcGrowthRateTool.execute({ current, previous }, context)).toEqual({
      growth_rate: expected,
    });
  });

  it('rounds half away from zero despite binary fractions', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(2.675)).toBe(2.68);
  });

  it('refuses a previous value of 0 in words the model can act on', async () => {
    await expect(calcGrowthRateTool.execute({ current: 5, previous: 0 }, context)).rejects.toThrow(
      /previous is 0, so a growth rate is undefined/,
    );
  });
});

describe('query_sales_data', () => {
  it('holds one row per day and category for 2024, the same on every load', () => {
    expect(SALES_ROWS).toHaveLength(366 * 4);
    expect(SALES_ROWS[0]).toEqual({
      date: '2024-01-01',
      category: 'electronics',
      units: 52,
      amount: 9748.68,
    });
    expect(SALES_ROWS.at(-1)?.date).toBe('2024-12-31');
  });

  it('returns the rows in range with their total', async () => {
    const january = (await querySalesDataTool.execute(
      validArgs('query_sales_data', {
        start_date: '2024-01-01',
        end_date: '2024-01-31',
        category: 'electronics',
      }),
      context,
    )) as {
      rows: Array<{ date: string; category: string; amount: number }>;
      row_count: number;
      total_amount: number;
    };
    expect(january.row_count).toBe(31);
    expect(
      january.rows.every((row) => row.category === 'electronics' && row.date.startsWith('2024-01')),
    ).toBe(true);
    expect(january.total_amount).toBe(320836.02);
    const week = await querySalesDataTool.execute(
      validArgs('query_sales_data', { start_date: '2024-03-01', end_date: '2024-03-07' }),
      context,
    );
    expect(week).toMatchObject({ row_count: 28, total_amount: 204845.29 });
  });

  it('validates dates and their order, and says where the data is', async () => {
    const refuse = (args: unknown) => {
      const checked = registry.validate('query_sales_data', args);
      return checked.ok ? 'ok' : checked.error;
    };
    expect(refuse({ start_date: '2024-02-30', end_date: '2024-03-01' })).toMatch(
      /start_date: expected a date like/,
    );
    expect(refuse({ start_date: '2024-03-02', end_date: '2024-03-01' })).toMatch(
      /end_date must not be before/,
    );
    expect(refuse({ start_date: '2024-03-01', end_date: '2024-03-01', category: 'toys' })).toMatch(
      /category: /,
    );
    await expect(
      querySalesDataTool.execute(
        validArgs('query_sales_data', { start_date: '2023-01-01', end_date: '2023-12-31' }),
        context,
      ),
    ).rejects.toThrow(/the data covers 2024-01-01 to 2024-12-31/);
  });
});

describe('save_daily_report', () => {
  it('appends to reports/<date>.md, keeping earlier reports', async () => {
    const first = await run('save_daily_report', { content: '# Morning\nsales up', date: '2024-05-01' });
    const second = await run('save_daily_report', { content: '# Evening\nsales flat\n', date: '2024-05-01' });
    expect(first).toMatchObject({ ok: true, changedFiles: ['reports/2024-05-01.md'] });
    expect(second).toMatchObject({ ok: true, output: { path: 'reports/2024-05-01.md', date: '2024-05-01' } });
    const text = fs.readFileSync(path.join(root, 'reports', '2024-05-01.md'), 'utf8');
    expect(text).toBe('# Morning\nsales up\n# Evening\nsales flat\n');
  });

  it("defaults to today's UTC date and refuses a malformed one", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await run('save_daily_report', { content: 'x' })).toMatchObject({
      ok: true,
      output: { date: today },
    });
    const bad = await run('save_daily_report', { content: 'x', date: '05/01/2024' });
    expect(bad).toMatchObject({
      ok: false,
      kind: 'error',
      error: expect.stringMatching(/date: expected a date like/),
    });
  });
});
