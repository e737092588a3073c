import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/seeded-random';
import { compressObservation } from './compress';

function hex(next: () => number, digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += Math.floor(next() * 16).toString(16);
  return out;
}

function timestamp(i: number): string {
  const s = 8 * 3600 + i * 3;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `2024-05-01T${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.${String(i % 1000).padStart(3, '0')}Z`;
}

const ERROR_MESSAGES: ((next: () => number) => string)[] = [
  (next) =>
    `Failed to connect to database host=10.0.${Math.floor(next() * 255)}.${Math.floor(next() * 255)} port=5432`,
  (next) => `Timeout after ${Math.floor(next() * 9000)}ms waiting for upstream 0x${hex(next, 8)}`,
  (next) =>
    `Payment ${hex(next, 8)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 12)} rejected: card declined`,
  (next) => `Worker ${Math.floor(next() * 64)} crashed with exit code ${1 + Math.floor(next() * 3)}`,
];

/** ~150 KB of INFO/WARN lines with exactly `errors` ERROR lines among them. */
function generatedLog(errors: number): string {
  const next = seededRandom(7);
  const lines: string[] = [];
  const errorEvery = 40;
  let errorIndex = 0;
  for (let i = 0; lines.join('\n').length < 150_000 || lines.length < errors * errorEvery; i++) {
    const ts = timestamp(i);
    const worker = `[worker-${i % 8}]`;
    if (i % errorEvery === 13 && i < errors * errorEvery) {
      lines.push(`${ts} ERROR ${worker} ${ERROR_MESSAGES[errorIndex++ % ERROR_MESSAGES.length]?.(next)}`);
    } else if (next() < 0.08) {
      lines.push(`${ts} WARN ${worker} Slow query took ${Math.floor(next() * 5000)}ms on table orders`);
    } else {
      lines.push(
        `${ts} INFO ${worker} GET /api/items/${Math.floor(next() * 99_999)} 200 in ${Math.floor(next() * 300)}ms user=${Math.floor(next() * 1e6)}; no error`,
      );
    }
  }
  return lines.join('\n');
}

function salesCsv(): { csv: string; units: number; revenue: number } {
  const next = seededRandom(11);
  const regions = ['North', 'South', 'East', 'West'];
  const products = ['Widget', 'Gadget', 'Doohickey'];
  const rows = ['date,region,product,units,unit_price,revenue'];
  let units = 0;
  let cents = 0;
  for (let i = 0; i < 300; i++) {
    const u = i === 150 ? 900 : 1 + Math.floor(next() * 20);
    const priceCents = 999 + Math.floor(next() * 4000);
    const region = i === 42 ? '' : regions[Math.floor(next() * regions.length)];
    units += u;
    cents += u * priceCents;
    const day = String(1 + (i % 28)).padStart(2, '0');
    rows.push(
      `2024-03-${day},${region},${products[i % 3]},${u},${(priceCents / 100).toFixed(2)},${((u * priceCents) / 100).toFixed(2)}`,
    );
  }
  return { csv: rows.join('\n'), units, revenue: cents / 100 };
}

const TYPESCRIPT = `import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Config } from './config';

/** Settings read from disk. */
export interface Settings {
  model: string;
  maxRounds: number;
}

export type Mode = 'native' | 'json';

export class SettingsStore {
  private cache = new Map<string, Settings>();

  constructor(private readonly dir: string) {}

  async load(name: string): Promise<Settings> {
    const text = await readFile(\`\${this.dir}/\${name}.json\`, 'utf8');
    return schema.parse(JSON.parse(text));
  }
}

export function mergeSettings(base: Settings, override: Partial<Settings>): Settings {
  return { ...base, ...override };
}

export const defaultMode = (config: Config): Mode => (config.native ? 'native' : 'json');

const schema = z.object({ model: z.string(), maxRounds: z.number() });
`;

function typescriptFile(): string {
  const helpers = Array.from(
    { length: 60 },
    (_, i) =>
      `\nexport function helper${i}(value: number): number {\n  // scale the value\n  return value * ${i + 1};\n}\n`,
  );
  return TYPESCRIPT + helpers.join('');
}

function pythonTracebackLog(): string {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++) {
    lines.push(`2024-05-01 10:00:${String(i % 60).padStart(2, '0')},123 INFO importer: row ${i} imported`);
    if (i === 60 || i === 90) {
      lines.push(
        `2024-05-01 10:01:0${i % 9},456 ERROR importer: failed to import row ${i}`,
        'Traceback (most recent call last):',
        '  File "/app/importer.py", line 42, in import_row',
        '    quantity = int(fields[3])',
        `ValueError: invalid literal for int() with base 10: 'abc${i}'`,
      );
    }
  }
  return lines.join('\n');
}

function englishReport(): string {
  const filler =
    'The team reviewed the quarterly operations of each regional office and met with the local managers to understand their priorities. ';
  return [
    'Quarterly operations report. This report covers the second quarter for all regional offices.',
    filler.repeat(15),
    'Total revenue for the quarter was 4.2 million dollars, up 12% from the first quarter.',
    filler.repeat(10),
    'The northern office reported 3 outages lasting 14 hours overall.',
    filler.repeat(10),
    'In conclusion, the company should invest in redundant network links before the holiday season.',
  ].join('\n\n');
}

function apiResponse(): string {
  const next = seededRandom(3);
  const data = Array.from({ length: 120 }, (_, i) => ({
    id: 1000 + i,
    name: `Item ${i}`,
    price: Math.round(next() * 10_000) / 100,
    tags: ['sale', 'new'].slice(0, 1 + (i % 2)),
    active: i % 3 !== 0,
    owner: { id: i % 7, email: `owner${i % 7}@example.com` },
  }));
  return JSON.stringify({
    data,
    meta: { page: 1, per_page: 120, total: 1234 },
    links: { next: '/items?page=2' },
  });
}

function bodyOf(text: string): string {
  return text.slice(text.indexOf('\n') + 1);
}

describe('compressObservation: the acceptance case', () => {
  const log = generatedLog(37);

  it('summarises a ~150 KB log with 37 ERROR lines into a short text that states the count', () => {
    expect(log.length).toBeGreaterThan(145_000);
    expect(log.split('\n').filter((line) => / ERROR /.test(line))).toHaveLength(37);
    const result = compressObservation(log, 'call_r3_0');
    expect(result.shape).toBe('log');
    expect(result.originalChars).toBe(log.length);
    expect(result.text.length).toBeLessThan(8_000);
    expect(bodyOf(result.text).length).toBeLessThanOrEqual(3_000);
    expect(result.text).toContain('ERROR: 37');
    expect(result.text.split('\n')[0]).toMatch(
      /^\[Summary of a [\d,]+-character log \([\d,]+ lines\)\. Full output: call recall with ref "call_r3_0"/,
    );
    expect(result.text).toContain('Failed to connect to database');
    expect(result.text).toContain('Payment <uuid> rejected: card declined');
    expect(result.text).toMatch(/4 kinds in 37 lines/);
  });

  it('gives the same log summary when the log comes wrapped in read_file output', () => {
    const lines = log.split('\n');
    const wrapped = JSON.stringify({
      path: 'logs/app.log',
      content: log,
      start_line: 1,
      end_line: lines.length,
      total_lines: lines.length,
      more_lines: false,
    });
    const result = compressObservation(wrapped, 'call_r4_0');
    expect(result.shape).toBe('json');
    expect(result.text.length).toBeLessThan(8_000);
    expect(bodyOf(result.text).length).toBeLessThanOrEqual(3_000);
    expect(result.text).toContain('ERROR: 37');
    expect(result.text).toContain('"path":"logs/app.log"');
    expect(result.text).toContain(`"total_lines":${lines.length}`);
    expect(result.text).toMatch(/Field "content" \([\d,]+ chars, [\d,]+ lines\) is a log/);
  });

  it('keeps the small fields of run_command output and summarises stdout by its shape', () => {
    const output = JSON.stringify({
      exit_code: 1,
      signal: null,
      stdout: log,
      stderr: 'npm ERR! Test failed.  See above for more details.',
      timed_out: false,
    });
    const result = compressObservation(output, 'call_r5_1');
    expect(result.text).toContain('"exit_code":1');
    expect(result.text).toContain('npm ERR! Test failed');
    expect(result.text).toContain('ERROR: 37');
  });
});

describe('compressObservation by shape', () => {
  it('leaves output that already fits unchanged', () => {
    const result = compressObservation('total 3 files', 'call_r1_0');
    expect(result).toEqual({ text: 'total 3 files', shape: 'text', originalChars: 13 });
  });

  it('summarises a sales CSV with column totals, ranges, anomalies and the first rows', () => {
    const { csv, units, revenue } = salesCsv();
    const result = compressObservation(csv, 'call_r2_0');
    expect(result.shape).toBe('csv');
    const body = bodyOf(result.text);
    expect(body.length).toBeLessThanOrEqual(3_000);
    expect(body).toContain('300 data rows and a header row, 6 columns');
    expect(body).toContain('Columns: date, region, product, units, unit_price, revenue');
    expect(body).toContain(`units: total ${units.toLocaleString('en-US')}`);
    expect(body).toContain(`revenue: total ${revenue.toLocaleString('en-US', { maximumFractionDigits: 2 })}`);
    expect(body).toContain('max 900');
    expect(body).toContain('empty cells: 1 (region 1)');
    expect(body).toMatch(/data row 151 \(line 152\): units=900/);
    expect(body).toMatch(/region: 4 distinct — /);
    expect(body).toContain('2024-03-01,');
  });

  it('summarises a markdown table as a table', () => {
    const rows = Array.from(
      { length: 80 },
      (_, i) => `| service-${i} | ${i % 2 ? 'up' : 'down'} | ${i * 10} |`,
    );
    const table = ['| name | status | latency_ms |', '|---|---|---|', ...rows].join('\n');
    const result = compressObservation(table, 'call_r2_1', { maxChars: 1_500 });
    expect(result.shape).toBe('table');
    expect(result.text).toContain('80 data rows');
    expect(result.text).toContain('latency_ms: total 31,600');
    expect(result.text).toMatch(/status: 2 distinct — (up 40, down 40|down 40, up 40)/);
  });

  it('describes a JSON API response by key paths, types, array lengths and samples', () => {
    const json = apiResponse();
    const result = compressObservation(json, 'call_r6_0');
    expect(result.shape).toBe('json');
    const body = bodyOf(result.text);
    expect(body.length).toBeLessThanOrEqual(3_000);
    expect(body).toContain('JSON: an object with 3 keys');
    expect(body).toMatch(/ {2}data: array; 120 items/);
    expect(body).toMatch(/ {2}data\[\]\.price: number; min [\d.]+, max [\d.]+, total [\d,.]+/);
    expect(body).toMatch(/ {2}data\[\]\.name: string; e\.g\. "Item 0", "Item 1", "Item 2"/);
    expect(body).toMatch(/ {2}data\[\]\.active: boolean; true 80, false 40/);
    expect(body).toContain('data[].owner.email');
    expect(body).toMatch(/meta\.total: number; 1,234/);
  });

  it('lists the declarations of a TypeScript file', () => {
    const source = typescriptFile();
    const result = compressObservation(source, 'call_r7_0');
    expect(result.shape).toBe('code');
    const body = bodyOf(result.text);
    expect(body.length).toBeLessThanOrEqual(3_000);
    expect(body).toMatch(/Source code: [\d,]+ lines/);
    expect(body).toContain('Imports (3): node:fs/promises, zod, ./config');
    expect(body).toMatch(/Classes, interfaces and types \(3\): Settings, Mode, SettingsStore/);
    expect(body).toMatch(/Functions and methods \(\d+\): load, mergeSettings, defaultMode, helper0/);
  });

  it('reads a Python log with tracebacks as a log, with its errors and exceptions', () => {
    const log = pythonTracebackLog();
    const result = compressObservation(log, 'call_r8_0', { maxChars: 2_000 });
    expect(result.shape).toBe('log');
    expect(result.text).toContain('ERROR: 2');
    expect(result.text).toContain('2× importer: failed to import row <n>');
    expect(result.text).toContain("ValueError: invalid literal for int() with base <n>: 'abc<n>'");
  });

  it('finds the first line of an error stack in source-like output', () => {
    const output = `${typescriptFile()}\nTypeError: Cannot read properties of undefined (reading 'model')\n    at SettingsStore.load (src/settings.ts:12:5)\n`;
    const result = compressObservation(output, 'call_r9_0');
    expect(result.shape).toBe('code');
    expect(result.text).toContain("TypeError: Cannot read properties of undefined (reading 'model')");
  });

  it('keeps the beginning of an English report and its sentences with numbers and conclusions', () => {
    const report = englishReport();
    const result = compressObservation(report, 'call_r10_0', { maxChars: 2_000 });
    expect(result.shape).toBe('text');
    const body = bodyOf(result.text);
    expect(body.length).toBeLessThanOrEqual(2_000);
    expect(body).toContain('Quarterly operations report.');
    expect(body).toContain(
      'Total revenue for the quarter was 4.2 million dollars, up 12% from the first quarter.',
    );
    expect(body).toContain('The northern office reported 3 outages lasting 14 hours overall.');
    expect(body).toContain('In conclusion, the company should invest in redundant network links');
    const picked = body.slice(body.indexOf('Sentences with numbers or conclusions'));
    expect(picked).toContain('(3 of 3 such)');
    expect(picked).not.toContain('The team reviewed');
  });

  it('finds a conclusion at the end of a long text full of numbers', () => {
    const numbers = Array.from({ length: 8_000 }, (_, i) => `Batch ${i} held ${i * 3} records.`).join(' ');
    const result = compressObservation(`${numbers}\nIn conclusion, the import is complete.`, 'call_r11_0');
    expect(result.shape).toBe('text');
    expect(result.text).toContain('In conclusion, the import is complete.');
  });

  it('holds every shape to the budget, small budgets included', () => {
    const samples = [generatedLog(37), salesCsv().csv, apiResponse(), typescriptFile(), englishReport()];
    for (const sample of samples) {
      for (const maxChars of [0, 1, 50, 500, 1_000, 3_000]) {
        const result = compressObservation(sample, 'call_r1_0', { maxChars });
        expect(bodyOf(result.text).length).toBeLessThanOrEqual(maxChars);
        expect(result.text.startsWith('[Summary of a ')).toBe(true);
      }
    }
  });
});
