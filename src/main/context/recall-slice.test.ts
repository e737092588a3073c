import { describe, expect, it } from 'vitest';
import { recallSlice } from './recall-slice';

const LOG = Array.from({ length: 500 }, (_, i) =>
  i % 50 === 7 ? `line ${i + 1} ERROR disk full on /dev/sd${i}` : `line ${i + 1} INFO all good`,
).join('\n');

describe('recallSlice with search', () => {
  it('returns the matching lines, case-insensitively, with line numbers and offsets', () => {
    const out = recallSlice(LOG, { search: 'error' });
    const lines = out.split('\n');
    expect(lines[0]).toBe('10 of 500 lines contain "error" (case-insensitive).');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^8 \(char \d+\): line 8 ERROR disk full on \/dev\/sd7$/);
    const offset = Number(/\(char (\d+)\)/.exec(lines[1] ?? '')?.[1]);
    expect(LOG.slice(offset, offset + 6)).toBe('line 8');
  });

  it('shows what fits and says how many matched in all', () => {
    const out = recallSlice(LOG, { search: 'INFO' }, 500);
    expect(out).toMatch(/^490 of 500 lines contain "INFO" \(case-insensitive\)\. Showing the first \d+;/);
    const shown = out.split('\n').slice(1);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.join('\n').length).toBeLessThanOrEqual(500);
  });

  it('says so when nothing matches', () => {
    expect(recallSlice(LOG, { search: 'segfault' })).toBe(
      `No line of the ${LOG.length.toLocaleString('en-US')}-character output contains "segfault" (case-insensitive).`,
    );
  });
});

describe('recallSlice by range', () => {
  const full = 'abcdefghij'.repeat(2_000);

  it('returns the range and how to get the next part', () => {
    const out = recallSlice(full, { offset: 100, length: 50 });
    expect(out).toBe(`[Characters 100–150 of 20,000. Next part: offset 150.]\n${full.slice(100, 150)}`);
  });

  it('clips to maxChars and defaults to the start', () => {
    const out = recallSlice(full, {}, 1_000);
    expect(out.startsWith('[Characters 0–1,000 of 20,000. Next part: offset 1000.]\n')).toBe(true);
    expect(out.split('\n')[1]).toHaveLength(1_000);
    expect(recallSlice(full, { length: 50_000 }, 1_000).split('\n')[1]).toHaveLength(1_000);
  });

  it('says when the slice reaches the end', () => {
    expect(recallSlice(full, { offset: 19_990 })).toBe(
      `[Characters 19,990–20,000 of 20,000. This is the end of the output.]\n${full.slice(19_990)}`,
    );
  });

  it('handles offsets past the end and nonsense numbers', () => {
    expect(recallSlice(full, { offset: 25_000 })).toBe(
      'Offset 25,000 is past the end: the output has 20,000 characters (offsets 0 to 19,999).',
    );
    expect(recallSlice('', { offset: 0 })).toMatch(/past the end: the output has 0 characters/);
    expect(recallSlice(full, { offset: -10, length: Number.NaN }, 20)).toBe(
      `[Characters 0–20 of 20,000. Next part: offset 20.]\n${full.slice(0, 20)}`,
    );
  });
});
