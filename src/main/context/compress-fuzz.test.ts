import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/seeded-random';
import { compressObservation } from './compress';
import { recallSlice } from './recall-slice';

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  ',',
  ';',
  '|',
  '\t',
  '\n',
  '\r\n',
  ' ',
  '  ',
  '\\',
  '.',
  '. ',
  '!',
  '?',
  'ERROR',
  'WARN',
  '[error]',
  'level=error',
  '"level":"warn"',
  'error:',
  'INFO',
  'FATAL',
  '2024-05-01T12:00:00Z',
  '12:00:01',
  '0x7ffe',
  '550e8400-e29b-41d4-a716-446655440000',
  'deadbeef1234',
  '123',
  '-4.5',
  '1e9',
  '$1,234.50',
  '99%',
  'NaN',
  'Infinity',
  'null',
  'true',
  '""',
  'function f(',
  'class A {',
  'def g():',
  'import x from "y"',
  'fn main()',
  'func (s *S) M(',
  '=>',
  '});',
  'Traceback (most recent call last):',
  'ValueError: bad',
  'Caused by: java.lang.Error',
  'panic: oops',
  'total',
  'In conclusion',
  'therefore',
  '東京',
  '🎉',
  '\u0000',
  '\u001b[31m',
  '\ud800',
  '\udfff',
  'é',
  'src/app.ts',
  'a/b/c.py',
  '| a | b |',
  '|---|---|',
  'x,y,z',
  '<|endoftext|>',
  'a'.repeat(500),
  ' '.repeat(300),
];

function randomText(next: () => number, pieces: number): string {
  let out = '';
  for (let i = 0; i < pieces; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return out;
}

function randomJson(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth <= 0 || pick < 0.3) {
    const leaves = [
      null,
      true,
      false,
      Math.floor(next() * 1e6) / 100,
      randomText(next, 3),
      randomText(next, 200),
    ];
    return leaves[Math.floor(next() * leaves.length)];
  }
  if (pick < 0.6) return Array.from({ length: Math.floor(next() * 12) }, () => randomJson(next, depth - 1));
  const object: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(next() * 10); i++) object[randomText(next, 2)] = randomJson(next, depth - 1);
  return object;
}

/** Inputs chosen to break parsers and heuristics: deep nesting, unbalanced quotes, huge single lines. */
function adversarial(): string[] {
  return [
    '',
    '\n'.repeat(10_000),
    '['.repeat(50_000),
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
    `"${'\\n'.repeat(20_000)}"`,
    `a,b,c\n${'"unclosed,'.repeat(5_000)}`,
    `${'x,'.repeat(20_000)}\n`.repeat(3),
    'ERROR '.repeat(20_000),
    `${'a'.repeat(200_000)}.5 b`,
    '漢字テスト'.repeat(20_000),
    `${'|'.repeat(10_000)}\n`.repeat(5),
    `${' '.repeat(100_000)}x`,
    JSON.stringify({ content: 'ERROR x\n'.repeat(5_000), stdout: 'a,b\n1,2\n'.repeat(2_000), stderr: '' }),
    JSON.stringify('ERROR boom\n'.repeat(2_000)),
    JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, i]))),
    `${'\ud83c'.repeat(5_000)}`,
    '1\n'.repeat(10_000),
    `    at f (x.js:1:1)\n`.repeat(5_000),
    'def f(:\n'.repeat(5_000),
  ];
}

function checkCompression(text: string, maxChars: number): void {
  const result = compressObservation(text, 'call_fuzz', { maxChars });
  expect(typeof result.text).toBe('string');
  expect(result.originalChars).toBe(text.length);
  if (text.length <= maxChars) {
    expect(result.text).toBe(text);
    return;
  }
  const newline = result.text.indexOf('\n');
  expect(newline).toBeGreaterThan(0);
  expect(result.text.slice(0, newline)).toMatch(
    /^\[Summary of a [\d,]+-character .* call recall with ref "call_fuzz"/,
  );
  expect(result.text.length - newline - 1).toBeLessThanOrEqual(maxChars);
}

describe('compressObservation never throws and keeps to its budget', () => {
  it('on random text assembled from hostile pieces', () => {
    const next = seededRandom(1234);
    for (let i = 0; i < 300; i++) {
      const text = randomText(next, Math.floor(next() * 400));
      checkCompression(text, [0, 100, 500, 3_000][i % 4] ?? 3_000);
    }
  });

  it('on random JSON values, nested and with big strings', () => {
    const next = seededRandom(99);
    for (let i = 0; i < 150; i++) {
      const text = JSON.stringify(randomJson(next, 5));
      checkCompression(text, [50, 400, 1_000][i % 3] ?? 1_000);
    }
  });

  it('on random bytes decoded as text', () => {
    const next = seededRandom(7);
    for (let i = 0; i < 60; i++) {
      const codes = Array.from({ length: 2_000 + Math.floor(next() * 6_000) }, () =>
        Math.floor(next() * 0x10000),
      );
      checkCompression(String.fromCharCode(...codes), 1_000);
    }
  });

  it('on adversarial inputs', () => {
    for (const text of adversarial()) {
      for (const maxChars of [0, 200, 3_000]) checkCompression(text, maxChars);
    }
  });

  it('with nonsense budgets', () => {
    const text = 'INFO ok\n'.repeat(2_000);
    for (const maxChars of [Number.NaN, Number.POSITIVE_INFINITY, -5, 0.5]) {
      expect(() => compressObservation(text, 'r', { maxChars })).not.toThrow();
    }
  });
});

describe('recallSlice never throws', () => {
  it('on random arguments over random text', () => {
    const next = seededRandom(5);
    for (let i = 0; i < 300; i++) {
      const full = randomText(next, Math.floor(next() * 300));
      const pick = () =>
        [undefined, -1, 0, 3, 1e12, Number.NaN, Math.floor(next() * full.length)][Math.floor(next() * 7)];
      const args = { offset: pick(), length: pick(), search: next() < 0.5 ? randomText(next, 1) : undefined };
      const out = recallSlice(full, args, [1, 100, 8_000][i % 3]);
      expect(typeof out).toBe('string');
    }
  });
});
