import type { DecisionType } from '../decision';
import type { HermesEvent, NewEvent, RunReport, ToolFailureKind } from '../events';

/** A decision as a test writes it; the log numbers it and gives tool calls their ids. */
export interface DecisionSpec {
  kind: DecisionType;
  toolName?: string;
  arguments?: Record<string, unknown>;
  content?: string;
  reason?: string;
}

export const call = (toolName: string, args: Record<string, unknown> = {}): DecisionSpec => ({
  kind: 'tool_call',
  toolName,
  arguments: args,
});
export const answer = (content: string): DecisionSpec => ({ kind: 'final_answer', content });
export const ask = (content: string): DecisionSpec => ({ kind: 'ask_user', content });
export const invalid = (reason: string): DecisionSpec => ({ kind: 'invalid', reason });

const REPORT: RunReport = {
  rounds: 1,
  durationMs: 10,
  tokens: { prompt: 10, completion: 5, total: 15 },
  toolCalls: 0,
  toolCallsByName: {},
  toolFailures: 0,
  peakContextShare: 0,
};

/** Builds a well-typed event log the way the loop writes one: contiguous seqs from 1. */
export class TestLog {
  readonly events: HermesEvent[] = [];
  readonly runId: string;
  /** Arguments of each call, so its results carry them as the loop's do. */
  readonly #args = new Map<string, Record<string, unknown>>();

  constructor(runId = 'run_test') {
    this.runId = runId;
  }

  push(event: NewEvent): HermesEvent {
    const seq = this.events.length + 1;
    const stored = { ...event, runId: this.runId, seq, ts: 1_000 + seq } as HermesEvent;
    this.events.push(stored);
    return stored;
  }

  start(task = 'summarise last week of sales'): this {
    this.push({
      type: 'run.started',
      task,
      model: { provider: 'scripted', baseUrl: 'http://127.0.0.1:0/v1', model: 'test-model' },
      workspace: '/tmp/ws',
      tools: ['query_sales_data', 'write_file'],
      maxRounds: 20,
      approvals: 'ask',
      escalation: 'fail',
      context: { windowTokens: 16_000, targetShare: 0.4, replanEvery: 5 },
    });
    return this;
  }

  /** One round: the request, the response and its decisions. Returns the call id of each decision. */
  round(round: number, ...decisions: DecisionSpec[]): string[] {
    this.push({
      type: 'model.request',
      round,
      messageCount: round * 2,
      tokenEstimate: 100,
      share: 0.1,
      mode: 'native',
    });
    this.push({
      type: 'model.response',
      round,
      raw: { content: null },
      usage: { prompt: 100, completion: 20 },
      latencyMs: 250,
    });
    return decisions.map(({ kind, ...decision }, index) => {
      const callId = `call_r${round}_c${index}`;
      if (decision.arguments) this.#args.set(callId, decision.arguments);
      this.push({ type: 'decision', round, index, kind, ...decision, callId });
      return callId;
    });
  }

  started(round: number, callId: string, name: string, args?: Record<string, unknown>): this {
    const used = args ?? this.#args.get(callId) ?? {};
    this.#args.set(callId, used);
    this.push({ type: 'tool.started', round, callId, name, arguments: used });
    return this;
  }

  finished(round: number, callId: string, name: string, output: unknown = 'ok'): this {
    this.push({
      type: 'tool.finished',
      round,
      callId,
      name,
      arguments: this.#args.get(callId) ?? {},
      durationMs: 12,
      output,
      observation: String(output),
    });
    return this;
  }

  failed(round: number, callId: string, name: string, error: string, kind: ToolFailureKind = 'error'): this {
    this.push({
      type: 'tool.failed',
      round,
      callId,
      name,
      arguments: this.#args.get(callId) ?? {},
      durationMs: 7,
      error,
      kind,
      observation: `error: ${error}`,
    });
    return this;
  }

  /** A round of tool calls that all start, then all finish. */
  toolRound(round: number, names: readonly string[]): this {
    const ids = this.round(round, ...names.map((name) => call(name, { n: round })));
    ids.forEach((id, i) => {
      this.started(round, id, names[i] ?? '?', { n: round });
    });
    ids.forEach((id, i) => {
      this.finished(round, id, names[i] ?? '?');
    });
    return this;
  }

  question(requestId: string, question: string): this {
    this.push({ type: 'human.requested', requestId, kind: 'question', question });
    this.push({ type: 'run.paused', reason: 'question' });
    return this;
  }

  approval(requestId: string, callId: string, name: string): this {
    this.push({
      type: 'human.requested',
      requestId,
      kind: 'approval',
      question: `${name} is a tool of 'external' risk, which asks before it runs`,
      toolCall: { callId, name, arguments: this.#args.get(callId) ?? {}, risk: 'external' },
    });
    this.push({ type: 'run.paused', reason: 'approval' });
    return this;
  }

  respond(
    requestId: string,
    reply: { answer: string } | { decision: 'approved' | 'denied'; reason?: string },
  ): this {
    const kind = 'answer' in reply ? 'question' : 'approval';
    this.push({ type: 'human.responded', requestId, kind, ...reply, by: 'cli', waitedMs: 5_000 });
    this.push({ type: 'run.resumed', reason: kind });
    return this;
  }

  finish(status: 'succeeded' | 'failed' | 'cancelled', text = 'done'): this {
    this.push({
      type: 'run.finished',
      status,
      ...(status === 'succeeded' ? { answer: text } : {}),
      ...(status === 'failed' ? { error: text } : {}),
      report: REPORT,
    });
    return this;
  }
}

/** A long run shaped like real ones: rounds of one decision fanning out to 1–5 calls, then an answer. */
export function syntheticRun(minEvents: number): { log: TestLog; rounds: number; calls: number } {
  const log = new TestLog('run_synthetic').start();
  let round = 0;
  let calls = 0;
  while (log.events.length < minEvents) {
    round += 1;
    const fanout = 1 + (round % 5);
    log.toolRound(
      round,
      Array.from({ length: fanout }, (_, i) => `tool_${i}`),
    );
    calls += fanout;
  }
  log.round(round + 1, answer('all done'));
  log.finish('succeeded', 'all done');
  return { log, rounds: round + 1, calls };
}

/** A run with every kind of step: fan-out, a question, a denied approval, context changes, a disabled tool. */
export function richRun(): TestLog {
  const log = new TestLog('run_rich').start();
  log.toolRound(1, ['query_sales_data', 'query_sales_data', 'list_files']);
  const [question = ''] = log.round(2, ask('Which region?'));
  log.question(question, 'Which region?').respond(question, { answer: 'north' });
  const [read = '', send = ''] = log.round(
    3,
    call('read_file', { path: 'a.txt' }),
    call('send_email', { to: 'x' }),
  );
  log.started(3, read, 'read_file').finished(3, read, 'read_file', 'text');
  log.approval('approve_send', send, 'send_email').respond('approve_send', { decision: 'denied' });
  log.failed(3, send, 'send_email', 'the person denied this call', 'denied');
  log.push({
    type: 'context.updated',
    op: 'evict',
    messageId: 'm1',
    role: 'tool',
    tokens: 900,
    tokensBefore: 900,
    reason: 'full',
  });
  log.push({
    type: 'context.updated',
    op: 'summarize',
    messageId: 'm2',
    role: 'user',
    tokens: 80,
    tokensBefore: 80,
    reason: 'full',
  });
  const [flaky = ''] = log.round(4, call('flaky'));
  log.started(4, flaky, 'flaky').failed(4, flaky, 'flaky', 'boom');
  log.push({ type: 'tool.disabled', name: 'flaky', reason: 'it failed 3 times' });
  log.push({ type: 'run.paused', reason: 'crash recovery' });
  log.push({ type: 'run.resumed', reason: 'crash recovery' });
  log.round(5, invalid('no JSON'));
  log.round(6, answer('North sold 42.'));
  return log.finish('succeeded', 'North sold 42.');
}
