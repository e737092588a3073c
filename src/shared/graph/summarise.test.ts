import { describe, expect, it } from 'vitest';
import { excerpt, summariseArguments } from './summarise';

describe('summariseArguments', () => {
  it('lists key=value pairs', () => {
    expect(summariseArguments({ start_date: '2024-03-01', end_date: '2024-03-07' })).toBe(
      'start_date=2024-03-01, end_date=2024-03-07',
    );
    expect(
      summariseArguments({ n: 3, all: true, none: null, tags: ['a', 'b'], where: { region: 'north' } }, 100),
    ).toBe('n=3, all=true, none=null, tags=["a","b"], where={region:"north"}');
    expect(summariseArguments({})).toBe('');
  });

  it('stays within max, on one line, however large the arguments', () => {
    const huge = { content: `line one\n${'x'.repeat(1_000_000)}`, path: 'notes.txt' };
    const line = summariseArguments(huge, 40);
    expect(line).toHaveLength(40);
    expect(line.startsWith('content=line one xxx')).toBe(true);
    expect(line.endsWith('…')).toBe(true);
    const nested = summariseArguments({ rows: Array.from({ length: 100_000 }, (_, i) => ({ i })) });
    expect(nested.length).toBeLessThanOrEqual(60);
    expect(nested.startsWith('rows=[{i:0},{i:1}')).toBe(true);
  });

  it('names a stored blob by its size', () => {
    expect(summariseArguments({ body: { $blob: 'sha256:ab', bytes: 2048 } })).toBe('body=‹2048 bytes›');
  });
});

describe('excerpt', () => {
  it('flattens whitespace and cuts with an ellipsis', () => {
    expect(excerpt('  a\n\tb  ', 10)).toBe('a b');
    expect(excerpt('abcdefghijk', 5)).toBe('abcd…');
  });
});
