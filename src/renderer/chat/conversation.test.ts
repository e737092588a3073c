import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../shared/events';
import { conversationOf } from './conversation';

const run = (runId: string, parentRunId?: string): RunSummary => ({
  runId,
  task: runId,
  model: 'm',
  status: 'succeeded',
  createdAt: 0,
  updatedAt: 0,
  lastSeq: 1,
  ...(parentRunId ? { parentRunId } : {}),
});

describe('conversationOf', () => {
  it('follows parents back to the first turn', () => {
    const runs = [run('c', 'b'), run('b', 'a'), run('a'), run('x')];
    expect(conversationOf(runs, 'c')).toEqual(['a', 'b', 'c']);
    expect(conversationOf(runs, 'x')).toEqual(['x']);
    expect(conversationOf(runs, undefined)).toEqual([]);
  });

  it('stops at a parent it does not know, and at a cycle', () => {
    expect(conversationOf([run('b', 'gone')], 'b')).toEqual(['gone', 'b']);
    expect(conversationOf([run('a', 'b'), run('b', 'a')], 'a')).toEqual(['b', 'a']);
  });
});
