import { describe, expect, it } from 'vitest';
import type { HermesEvent } from '../shared/events';
import { summarizeEvent } from './event-summary';

const envelope = { runId: 'r1', ts: 0 };

describe('summarizeEvent', () => {
  it('says what a tool call returned', () => {
    const event: HermesEvent = {
      ...envelope,
      seq: 4,
      type: 'tool.finished',
      round: 1,
      callId: 'c1',
      name: 'read_file',
      arguments: { path: 'a.txt' },
      durationMs: 12,
      output: 'hello',
      observation: 'hello\nworld',
    };
    expect(summarizeEvent(event)).toBe('read_file in 12 ms: hello world');
  });

  it('keeps a long line to one short line', () => {
    const event: HermesEvent = {
      ...envelope,
      seq: 9,
      type: 'run.finished',
      status: 'succeeded',
      answer: 'x'.repeat(1_000),
      report: {
        rounds: 1,
        durationMs: 1,
        tokens: { prompt: 1, completion: 1, total: 2 },
        toolCalls: 0,
        toolCallsByName: {},
        toolFailures: 0,
        peakContextShare: 0,
      },
    };
    const summary = summarizeEvent(event);
    expect(summary.startsWith('succeeded: xxx')).toBe(true);
    expect(summary.length).toBe(160);
    expect(summary.endsWith('…')).toBe(true);
  });

  it('names the tool an approval is asked for', () => {
    const event: HermesEvent = {
      ...envelope,
      seq: 5,
      type: 'human.requested',
      requestId: 'h1',
      kind: 'approval',
      toolCall: { callId: 'c2', name: 'run_command', arguments: { command: 'ls' }, risk: 'external' },
    };
    expect(summarizeEvent(event)).toBe('approve run_command?');
  });

  it('shows which tool a decision calls', () => {
    const event: HermesEvent = {
      ...envelope,
      seq: 3,
      type: 'decision',
      kind: 'tool_call',
      round: 1,
      index: 0,
      toolName: 'list_files',
      arguments: { path: '.' },
    };
    expect(summarizeEvent(event)).toBe('call list_files {"path":"."}');
  });
});
