import type { NewEvent, RunReport } from '../../shared/events';

/** Small, valid events for the store's tests and its crash fixture. */
export function started(task = 'write a haiku', extra: { parentRunId?: string } = {}): NewEvent {
  return {
    type: 'run.started',
    task,
    model: { provider: 'scripted', baseUrl: 'http://127.0.0.1:0/v1', model: 'test-model' },
    workspace: '/tmp/ws',
    tools: ['read_file', 'write_file'],
    maxRounds: 20,
    approvals: 'ask',
    escalation: 'fail',
    context: { windowTokens: 16_000, targetShare: 0.4, replanEvery: 5 },
    ...extra,
  };
}

export function toolFinished(round: number, output: unknown, callId = `call_${round}`): NewEvent {
  return {
    type: 'tool.finished',
    round,
    callId,
    name: 'read_file',
    arguments: { path: 'notes.txt' },
    durationMs: 3,
    output,
    observation: 'read notes.txt',
  };
}

export function modelRequest(round: number): NewEvent {
  return {
    type: 'model.request',
    round,
    messageCount: round * 2,
    tokenEstimate: 100 * round,
    share: 0.1,
    mode: 'native',
  };
}

const REPORT: RunReport = {
  rounds: 1,
  durationMs: 10,
  tokens: { prompt: 1, completion: 1, total: 2 },
  toolCalls: 0,
  toolCallsByName: {},
  toolFailures: 0,
  peakContextShare: 0,
};

export function finished(status: 'succeeded' | 'failed' | 'cancelled'): NewEvent {
  return { type: 'run.finished', status, answer: 'done', report: REPORT };
}
