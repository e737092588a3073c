import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../shared/events';
import { filterRuns, waitingFirst } from './filter';

const run = (runId: string, task: string, status: RunSummary['status']): RunSummary => ({
  runId,
  task,
  model: 'qwen2.5:7b',
  status,
  createdAt: 0,
  updatedAt: 0,
  lastSeq: 1,
});

const runs = [
  run('a', 'Compare sales', 'succeeded'),
  run('b', 'List files', 'paused'),
  run('c', 'Sales report', 'failed'),
];

describe('filterRuns', () => {
  it('matches text in the task, any case', () => {
    expect(filterRuns(runs, 'SALES', 'all').map((r) => r.runId)).toEqual(['a', 'c']);
  });

  it('matches the status too', () => {
    expect(filterRuns(runs, 'sales', 'failed').map((r) => r.runId)).toEqual(['c']);
    expect(filterRuns(runs, '', 'paused').map((r) => r.runId)).toEqual(['b']);
  });
});

describe('waitingFirst', () => {
  it('puts runs waiting for a person on top, keeping the order of the rest', () => {
    expect(waitingFirst(runs).map((r) => r.runId)).toEqual(['b', 'a', 'c']);
  });
});
