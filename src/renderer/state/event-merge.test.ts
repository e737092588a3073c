import { describe, expect, it } from 'vitest';
import type { HermesEvent } from '../../shared/events';
import { gapAfter, mergeEvents, NO_EVENTS } from './event-merge';

function event(seq: number): HermesEvent {
  return { runId: 'r1', seq, ts: seq, type: 'run.resumed', reason: `step ${seq}` };
}

const seqs = (events: HermesEvent[]) => events.map((e) => e.seq);

describe('mergeEvents', () => {
  it('appends events that follow on', () => {
    const run = mergeEvents(NO_EVENTS, [event(1), event(2), event(3)]);
    expect(seqs(run.events)).toEqual([1, 2, 3]);
    expect(gapAfter(run)).toBeUndefined();
  });

  it('ignores an event it already has, returning the same object', () => {
    const run = mergeEvents(NO_EVENTS, [event(1), event(2)]);
    expect(mergeEvents(run, [event(2), event(1)])).toBe(run);
  });

  it('holds events past a gap and says where the gap starts', () => {
    const run = mergeEvents(mergeEvents(NO_EVENTS, [event(1), event(2)]), [event(5), event(4)]);
    expect(seqs(run.events)).toEqual([1, 2]);
    expect(seqs(run.held)).toEqual([4, 5]);
    expect(gapAfter(run)).toBe(2);
  });

  it('releases held events once the gap is filled, in order', () => {
    const gapped = mergeEvents(mergeEvents(NO_EVENTS, [event(1)]), [event(3), event(4)]);
    const filled = mergeEvents(gapped, [event(2), event(3)]);
    expect(seqs(filled.events)).toEqual([1, 2, 3, 4]);
    expect(filled.held).toEqual([]);
    expect(gapAfter(filled)).toBeUndefined();
  });

  it('takes a whole fetched run that overlaps notices already applied', () => {
    const live = mergeEvents(NO_EVENTS, [event(3)]);
    const run = mergeEvents(live, [event(1), event(2), event(3), event(4)]);
    expect(seqs(run.events)).toEqual([1, 2, 3, 4]);
    expect(run.held).toEqual([]);
  });
});
