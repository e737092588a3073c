import { describe, expect, it } from 'vitest';
import { readReplayLocation, writeReplayLocation } from './replay-url';

describe('replay address', () => {
  it('round-trips a run and a step through the hash, keeping other parameters', () => {
    const hash = writeReplayLocation('#tab=graph', { runId: 'run_01H/x y', step: 42 });
    expect(hash).toBe('#tab=graph&run=run_01H%2Fx+y&step=42');
    expect(readReplayLocation(hash)).toEqual({ runId: 'run_01H/x y', step: 42 });
    expect(readReplayLocation(writeReplayLocation('', { runId: 'r1' }))).toEqual({ runId: 'r1' });
  });

  it('works on a query too, and removes what is no longer named', () => {
    expect(writeReplayLocation('?run=r1&step=3', { runId: 'r1' })).toBe('?run=r1');
    expect(writeReplayLocation('#run=r1&step=3', {})).toBe('');
    expect(writeReplayLocation('#run=r1&step=3&x=1', {})).toBe('#x=1');
    expect(readReplayLocation('?run=r2&step=7')).toEqual({ runId: 'r2', step: 7 });
  });

  it('ignores a step that is not a positive whole number, and a step without a run', () => {
    for (const step of ['0', '-1', '2.5', 'abc', '', '1e3', '99999999999']) {
      expect(readReplayLocation(`#run=r1&step=${step}`)).toEqual({ runId: 'r1' });
    }
    expect(readReplayLocation('#step=4')).toEqual({});
    expect(readReplayLocation(`#run=${'x'.repeat(201)}`)).toEqual({});
  });
});
