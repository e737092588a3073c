import { describe, expect, it } from 'vitest';
import { LANE_PITCH, NODE_SIZES } from './layout';
import { projectRun } from './project';
import { answer, ask, call, invalid, TestLog } from './test-events';
import type { GraphNode, RunGraph } from './types';

function node(graph: RunGraph, id: string): GraphNode {
  const found = graph.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id} in ${graph.nodes.map((n) => n.id).join(', ')}`);
  return found;
}

function edges(graph: RunGraph): string[] {
  return graph.edges.map((e) => `${e.id} ${e.kind}`);
}

function centre(n: GraphNode): number {
  return n.x + n.width / 2;
}

describe('projectRun', () => {
  it('draws a simple run: task → decision → tool → decision → answer', () => {
    const log = new TestLog().start();
    const [id] = log.round(1, call('query_sales_data', { start_date: '2024-03-01', end_date: '2024-03-07' }));
    log.started(1, id ?? '', 'query_sales_data', { start_date: '2024-03-01', end_date: '2024-03-07' });
    log.finished(1, id ?? '', 'query_sales_data', { total: 42 });
    log.round(2, answer('Sales were 42.'));
    log.finish('succeeded', 'Sales were 42.');
    const graph = projectRun(log.events);

    expect(graph.nodes.map((n) => `${n.id} ${n.kind} ${n.status}`)).toEqual([
      'task task ok',
      'round:1 decision ok',
      'tool:1:call_r1_c0 tool ok',
      'round:2 decision ok',
      'answer:10 answer ok',
    ]);
    expect(edges(graph)).toEqual([
      'task->round:1 flow',
      'round:1->tool:1:call_r1_c0 flow',
      'tool:1:call_r1_c0->round:2 flow',
      'round:2->answer:10 answer',
    ]);
    const tool = node(graph, 'tool:1:call_r1_c0');
    expect(tool.label).toBe('tool call: query_sales_data, done');
    expect(tool.subtitle).toBe('start_date=2024-03-01, end_date=2024-03-07');
    expect(tool.data).toMatchObject({ callId: 'call_r1_c0', durationMs: 12, output: { total: 42 } });
    expect([tool.firstSeq, tool.lastSeq]).toEqual([4, 6]);
    const decision = node(graph, 'round:1');
    expect(decision.subtitle).toBe('call query_sales_data');
    expect(decision.data).toMatchObject({
      response: { usage: { prompt: 100, completion: 20 }, latencyMs: 250 },
    });
    expect(node(graph, 'answer:10').subtitle).toBe('Sales were 42.');
    expect(graph.lastSeq).toBe(10);
  });

  it('fans concurrent calls out side by side, centred under their decision, and joins them', () => {
    const log = new TestLog().start().toolRound(1, ['a', 'b', 'c']);
    log.round(2, answer('done'));
    const graph = projectRun(log.events);
    const decision = node(graph, 'round:1');
    const tools = ['a', 'b', 'c'].map((_, i) => node(graph, `tool:1:call_r1_c${i}`));

    expect(new Set(tools.map((t) => t.y)).size).toBe(1);
    expect(tools[0]?.y).toBeGreaterThan(decision.y + decision.height);
    expect(tools.map(centre)).toEqual([-LANE_PITCH, 0, LANE_PITCH].map((dx) => centre(decision) + dx));
    expect(edges(graph).filter((e) => e.includes('fanout'))).toHaveLength(3);
    expect(edges(graph).filter((e) => e.endsWith('->round:2 join'))).toHaveLength(3);
    expect(centre(node(graph, 'round:2'))).toBe(centre(decision));
    expect(node(graph, 'round:1').subtitle).toBe('call 3 tools: a, b, c');
  });

  it('marks a failed tool and keeps its error', () => {
    const log = new TestLog().start();
    const [id = ''] = log.round(1, call('query_sales_data', { region: 'north' }));
    log.started(1, id, 'query_sales_data', { region: 'north' });
    log.failed(1, id, 'query_sales_data', 'database is locked', 'timeout');
    const tool = node(projectRun(log.events), `tool:1:${id}`);
    expect(tool.status).toBe('failed');
    expect(tool.label).toBe('tool call: query_sales_data, failed');
    expect(tool.data).toMatchObject({ error: 'database is locked', failureKind: 'timeout', durationMs: 7 });
  });

  it('draws a pause for a question: question → response → next round', () => {
    const log = new TestLog().start();
    const [requestId = ''] = log.round(1, ask('Which region?'));
    log.question(requestId, 'Which region?');
    const paused = projectRun(log.events);
    expect(node(paused, 'task').status).toBe('waiting');
    expect(node(paused, 'question:5')).toMatchObject({ kind: 'question', status: 'waiting' });

    log.respond(requestId, { answer: 'north' });
    log.round(2, answer('North sold 42.'));
    const graph = projectRun(log.events);
    expect(edges(graph)).toEqual([
      'task->round:1 flow',
      'round:1->question:5 flow',
      'question:5->response:7 flow',
      'response:7->round:2 flow',
    ]);
    expect(node(graph, 'question:5')).toMatchObject({
      status: 'ok',
      data: { requestId, pausedSeq: 6, respondedSeq: 7, resumedSeq: 8 },
    });
    expect(node(graph, 'response:7')).toMatchObject({
      title: 'Answer',
      subtitle: 'north',
      status: 'ok',
      round: 1,
    });
    expect(graph.nodes.map((n) => n.round)).toEqual([undefined, 1, 1, 1, 2]);
    expect(node(graph, 'task').status).toBe('running');
  });

  it('draws a denied approval down the lane of the call it was about', () => {
    const log = new TestLog().start();
    const [safe = '', risky = ''] = log.round(
      1,
      call('query_sales_data'),
      call('send_email', { to: 'x@y.z' }),
    );
    log.started(1, safe, 'query_sales_data').finished(1, safe, 'query_sales_data');
    log.approval('approve_1', risky, 'send_email');
    const waiting = projectRun(log.events);
    expect(node(waiting, `tool:1:${risky}`).status).toBe('waiting');

    log.respond('approve_1', { decision: 'denied', reason: 'not now' });
    log.failed(1, risky, 'send_email', 'the person denied this call', 'denied');
    log.round(2, answer('Not sent.'));
    const graph = projectRun(log.events);
    const tool = node(graph, `tool:1:${risky}`);
    const approval = node(graph, 'approval:8');
    const response = node(graph, 'response:10');
    expect(tool.status).toBe('denied');
    expect(approval).toMatchObject({ kind: 'approval', status: 'denied', title: 'Approve send_email?' });
    expect(response).toMatchObject({ title: 'Denied', subtitle: 'not now', status: 'denied' });
    expect(centre(approval)).toBe(centre(tool));
    expect(centre(response)).toBe(centre(tool));
    expect(approval.y).toBeGreaterThan(tool.y + tool.height);
    expect(response.y).toBeGreaterThan(approval.y + approval.height);
    expect(edges(graph)).toContain(`tool:1:${risky}->approval:8 flow`);
    expect(edges(graph)).toContain('approval:8->response:10 flow');
    expect(edges(graph)).toContain('response:10->round:2 join');
    expect(edges(graph)).toContain(`tool:1:${safe}->round:2 join`);
  });

  it('ends a failed run with an error node and fails what was still running', () => {
    const log = new TestLog().start().toolRound(1, ['query_sales_data']);
    log.push({
      type: 'model.request',
      round: 2,
      messageCount: 4,
      tokenEstimate: 100,
      share: 0.1,
      mode: 'native',
    });
    log.push({ type: 'model.retry', round: 2, attempt: 1, error: 'HTTP 503', status: 503, delayMs: 500 });
    log.finish('failed', 'the model endpoint kept failing (HTTP 503)');
    const graph = projectRun(log.events);
    const round = node(graph, 'round:2');
    expect(round).toMatchObject({ kind: 'model', status: 'failed' });
    expect(round.data.retries).toEqual([
      { seq: 8, attempt: 1, error: 'HTTP 503', status: 503, delayMs: 500 },
    ]);
    const error = graph.nodes[graph.nodes.length - 1];
    expect(error).toMatchObject({ id: 'error:9', kind: 'error', status: 'failed' });
    expect(error?.subtitle).toBe('the model endpoint kept failing (HTTP 503)');
    expect(node(graph, 'task').status).toBe('failed');
    expect(edges(graph)).toContain('round:2->error:9 answer');
  });

  it('cancels a run mid-call', () => {
    const log = new TestLog().start();
    const [id = ''] = log.round(1, call('slow'));
    log.started(1, id, 'slow').finish('cancelled');
    const graph = projectRun(log.events);
    expect(node(graph, `tool:1:${id}`).status).toBe('cancelled');
    expect(node(graph, 'notice:6')).toMatchObject({ title: 'Cancelled', status: 'cancelled' });
    expect(node(graph, 'task').status).toBe('cancelled');
  });

  it('folds a row of context changes into one node and skips plain additions', () => {
    const log = new TestLog().start().toolRound(1, ['a']);
    const change = (op: 'add' | 'evict' | 'compress', tokens: number) =>
      log.push({
        type: 'context.updated',
        op,
        messageId: `m${tokens}`,
        role: 'tool',
        tokens,
        tokensBefore: tokens * 4,
        reason: 'over budget',
      });
    change('add', 10);
    change('evict', 100);
    change('evict', 200);
    change('compress', 50);
    log.round(2, answer('ok'));
    const graph = projectRun(log.events);
    const context = graph.nodes.filter((n) => n.kind === 'context');
    expect(context).toHaveLength(1);
    expect(context[0]).toMatchObject({ subtitle: 'evict ×2, compress', data: { tokens: 350 }, lastSeq: 10 });
    expect(edges(graph)).toContain(`${context[0]?.id}->round:2 flow`);
  });

  it('shows a disabled tool under the call that failed, an invalid reply as a failed decision', () => {
    const log = new TestLog().start();
    const [id = ''] = log.round(1, call('flaky'));
    log.started(1, id, 'flaky').failed(1, id, 'flaky', 'boom');
    log.push({ type: 'tool.disabled', name: 'flaky', reason: 'it failed 3 times' });
    log.round(2, invalid('no JSON object found'));
    const graph = projectRun(log.events);
    const notice = node(graph, 'notice:7');
    expect(notice).toMatchObject({ title: 'flaky disabled', subtitle: 'it failed 3 times' });
    expect(centre(notice)).toBe(centre(node(graph, `tool:1:${id}`)));
    expect(edges(graph)).toContain('notice:7->round:2 flow');
    expect(node(graph, 'round:2')).toMatchObject({
      status: 'failed',
      subtitle: 'unreadable reply: no JSON object found',
      data: { reason: 'no JSON object found' },
    });
  });

  it('declares every node size up front from its kind', () => {
    const log = new TestLog().start().toolRound(1, ['a', 'b']);
    log.round(2, answer('ok'));
    log.finish('succeeded');
    for (const n of projectRun(log.events).nodes) {
      expect([n.width, n.height]).toEqual([NODE_SIZES[n.kind].width, NODE_SIZES[n.kind].height]);
    }
  });
});
