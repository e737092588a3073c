import { pathToFileURL } from 'node:url';
import { compressObservation, type ObservationShape } from '../src/main/context/compress';
import { createTokenCounter } from '../src/main/context/tokens';
import { seededRandom } from '../src/shared/seeded-random';
import type { BenchResult } from './result';

const TARGET_CHARS = 5 * 1024 * 1024;
const REPETITIONS = 3;
const COUNTED_CHARS = 100 * 1024;

/** Lines from `line(i)` until the text reaches `chars`. */
function fill(chars: number, line: (i: number) => string): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const next = line(i);
    lines.push(next);
    size += next.length + 1;
  }
  return lines.join('\n');
}

const WORDS =
  'the agent reads a file then writes notes about what it found in the workspace and asks whether totals match'.split(
    ' ',
  );

function inputs(chars: number): Record<ObservationShape, string> {
  const next = seededRandom(42);
  const int = (n: number) => Math.floor(next() * n);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[int(WORDS.length)]).join(' ');
  const levels = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
  const log = fill(chars, (i) => {
    const level = levels[int(levels.length)];
    return `2024-05-01T12:${String(int(60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.${i % 1000}Z ${level} [worker-${i % 8}] request ${int(1e6)} ${words(6)} in ${int(900)}ms`;
  });
  const csv = `date,region,product,units,unit_price,revenue\n${fill(chars, (i) => {
    const units = 1 + int(20);
    const price = 10 + int(4000) / 100;
    return `2024-03-${String(1 + (i % 28)).padStart(2, '0')},${['North', 'South', 'East', 'West'][int(4)]},item-${int(500)},${units},${price.toFixed(2)},${(units * price).toFixed(2)}`;
  })}`;
  const table = `| host | status | cpu | memory_mb |\n|---|---|---|---|\n${fill(chars, (i) => `| host-${i} | ${next() < 0.9 ? 'up' : 'down'} | ${int(100)} | ${int(64_000)} |`)}`;
  const items: unknown[] = [];
  let jsonSize = 0;
  while (jsonSize < chars) {
    const item = {
      id: items.length,
      name: words(3),
      price: int(10_000) / 100,
      tags: [words(1), words(1)],
      ok: next() < 0.5,
    };
    jsonSize += JSON.stringify(item).length + 1;
    items.push(item);
  }
  const json = JSON.stringify({ data: items, meta: { total: items.length } });
  const code = fill(chars, (i) =>
    i % 6 === 0
      ? `export function handler${i}(input: string): number {`
      : i % 6 === 5
        ? '}'
        : `  const value${i} = input.length * ${int(100)}; // ${words(4)}`,
  );
  const text = fill(
    chars,
    (i) =>
      `${words(4 + int(14))}${i % 7 === 0 ? `, for a total of ${int(10_000)} items` : ''}. ${words(3 + int(12))}.`,
  );
  return { log, csv, table, json, code, text };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function timeCompression(text: string): { ms: number; summaryChars: number; shape: ObservationShape } {
  const times: number[] = [];
  let result = compressObservation(text, 'call_bench');
  for (let i = 0; i < REPETITIONS; i++) {
    const start = performance.now();
    result = compressObservation(text, 'call_bench');
    times.push(performance.now() - start);
  }
  return { ms: median(times), summaryChars: result.text.length, shape: result.shape };
}

function timeCounting(model: string, text: string): number {
  const counter = createTokenCounter(model);
  counter.count(text);
  const times: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const start = performance.now();
    counter.count(text);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Compression time per MB of tool output for each shape, the size of what is left, and token counting speed. */
export async function benchCompression(): Promise<BenchResult[]> {
  const generated = inputs(TARGET_CHARS);
  const results: BenchResult[] = [];
  for (const [shape, text] of Object.entries(generated)) {
    const measured = timeCompression(text);
    const mb = text.length / (1024 * 1024);
    results.push({
      name: `compress.${shape}`,
      value: Math.round((measured.ms / mb) * 10) / 10,
      unit: 'ms/MB',
      ratio: Number((measured.summaryChars / text.length).toPrecision(2)),
      goal: '5 MB in ≤ 300 ms (≤ 60 ms/MB)',
      note: `${(text.length / 1e6).toFixed(1)} M chars detected as ${measured.shape}, summary ${measured.summaryChars} chars (ratio = summary/original); median of ${REPETITIONS}`,
    });
  }
  const sample = generated.log.slice(0, COUNTED_CHARS);
  for (const model of ['gpt-4o', 'llama-3.1-8b']) {
    const ms = timeCounting(model, sample);
    results.push({
      name: `tokens.count.${model}`,
      value: Math.round(ms * 10) / 10,
      unit: 'ms per 100 KB',
      note: `${model === 'gpt-4o' ? 'o200k_base via gpt-tokenizer' : 'estimate (no tokenizer)'}; log text; median of ${REPETITIONS} after one warm-up`,
    });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchCompression(), null, 2));
}
