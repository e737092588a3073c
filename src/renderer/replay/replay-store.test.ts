import { describe, expect, it } from 'vitest';
import { createReplayStore } from './replay-store';

describe('replay state', () => {
  it('steps back from the live run, forward again, and back to live past the end', () => {
    const store = createReplayStore();
    const replay = () => store.getState();
    replay().openRun('r1');
    replay().stepBy(-1, 10);
    expect(replay().step).toBe(9);
    replay().stepBy(-20, 10);
    expect(replay().step).toBe(1);
    replay().stepBy(1, 10);
    expect(replay().step).toBe(2);
    replay().goTo(9, 10);
    replay().stepBy(1, 10);
    expect(replay().step).toBeUndefined();
  });

  it('plays from the first step to the end, then stops at the live run', () => {
    const store = createReplayStore();
    const replay = () => store.getState();
    replay().openRun('r1');
    replay().play(3);
    expect([replay().step, replay().playing]).toEqual([1, true]);
    replay().tick(3);
    expect([replay().step, replay().playing]).toEqual([2, true]);
    replay().tick(3);
    expect([replay().step, replay().playing]).toEqual([undefined, false]);
    replay().tick(3);
    expect(replay().step).toBeUndefined();
  });

  it('pauses when the person steps, and keeps or resets the step as runs are opened', () => {
    const store = createReplayStore();
    const replay = () => store.getState();
    replay().openRun('r1', 5);
    replay().play(10);
    replay().stepBy(1, 10);
    expect([replay().step, replay().playing]).toEqual([6, false]);
    replay().openRun('r1');
    expect(replay().step).toBe(6);
    replay().openRun('r2');
    expect([replay().runId, replay().step]).toEqual(['r2', undefined]);
    replay().play(1);
    expect(replay().playing).toBe(false);
  });
});
