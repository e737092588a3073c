import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, ofType, runCli } from './support/cli';
import { type FakeModel, type FakeStep, startFakeModel } from './support/fake-model-server';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function run(steps: FakeStep[], task: string, extra: string[] = []) {
  model = await startFakeModel(steps);
  const dataDir = freshDataDir();
  const result = await runCli([
    'run',
    task,
    '--json',
    '--base-url',
    model.url,
    '--model',
    'fake-model',
    '--data-dir',
    dataDir,
    ...extra,
  ]);
  return { ...result, dataDir, requests: model.requests };
}

const DEMO_TASK =
  'Compare the sales of 2024-03-01..2024-03-07 with the week before, and save a daily report.';

const demoSteps: FakeStep[] = [
  {
    content: 'I will query both weeks.',
    tool_calls: [
      { name: 'query_sales_data', arguments: { start_date: '2024-03-01', end_date: '2024-03-07' } },
      {
        id: 'call_prev',
        name: 'query_sales_data',
        arguments: { start_date: '2024-02-23', end_date: '2024-02-29' },
      },
    ],
  },
  (request) => {
    const [current, previous] = request.messages
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content ?? '{}').total_amount as number);
    return { tool_calls: [{ name: 'calc_growth_rate', arguments: { current, previous } }] };
  },
  (request) => {
    const growth = JSON.parse(request.messages.at(-1)?.content ?? '{}').growth_rate;
    return {
      tool_calls: [
        {
          name: 'save_daily_report',
          arguments: { content: `Weekly sales growth: ${growth}%`, date: '2024-03-07' },
        },
      ],
    };
  },
  { content: 'Sales grew week over week; the report is saved in reports/2024-03-07.md.' },
];

describe('the demo task end to end', () => {
  it('queries twice, computes the growth rate, writes the report and answers', async () => {
    const result = await run(demoSteps, DEMO_TASK);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { events } = result;
    expect(events[0]?.type).toBe('run.started');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const finishedTools = ofType(events, 'tool.finished');
    expect(finishedTools.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'query_sales_data',
        'query_sales_data',
        'calc_growth_rate',
        'save_daily_report',
      ]),
    );
    const [current, previous] = finishedTools
      .filter((e) => e.name === 'query_sales_data')
      .sort((a, b) => (a.callId === 'call_prev' ? 1 : b.callId === 'call_prev' ? -1 : 0))
      .map((e) => (e.output as { total_amount: number }).total_amount);
    const growth = finishedTools.find((e) => e.name === 'calc_growth_rate')?.output as {
      growth_rate: number;
    };
    expect(growth.growth_rate).toBeCloseTo(
      Math.round((((current ?? 0) - (previous ?? 0)) / (previous ?? 1)) * 10_000) / 100,
      2,
    );
    const started = events[0]?.type === 'run.started' ? events[0] : undefined;
    const report = readFileSync(join(started?.workspace ?? '', 'reports', '2024-03-07.md'), 'utf8');
    expect(report).toContain(`Weekly sales growth: ${growth.growth_rate}%`);
    const finished = ofType(events, 'run.finished')[0];
    expect(finished?.status).toBe('succeeded');
    expect(finished?.answer).toContain('report is saved');
    expect(finished?.report).toMatchObject({
      rounds: 4,
      toolCalls: 4,
      tokens: { prompt: 400, completion: 80, total: 480 },
    });
    // The model was offered every tool plus ask_user, and got each result back under its call id.
    expect(result.requests[0]?.tools?.map((t) => t.function.name)).toContain('ask_user');
    expect(result.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'call_fake_0',
      'call_prev',
    ]);
  });

  it('works when the model writes fenced JSON decisions in its text', async () => {
    const fenced = (value: unknown) => ({
      content: `Sure.\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``,
    });
    const result = await run(
      [
        fenced({
          type: 'tool_call',
          tool_name: 'query_sales_data',
          arguments: { start_date: '2024-03-01', end_date: '2024-03-07' },
          reason: 'need this week',
        }),
        fenced({ tool: 'calc_growth_rate', args: { current: 120, previous: 100 } }),
        fenced({ type: 'final_answer', content: 'Growth was 20%.', reason: 'done' }),
      ],
      DEMO_TASK,
    );
    expect(result.code).toBe(0);
    const decisions = ofType(result.events, 'decision');
    expect(decisions.map((d) => d.kind)).toEqual(['tool_call', 'tool_call', 'final_answer']);
    expect(decisions[0]?.reason).toBe('need this week');
    expect(ofType(result.events, 'tool.finished').map((e) => e.output)).toContainEqual({ growth_rate: 20 });
    // Results of calls read from text go back as text, not as tool messages.
    expect(result.requests[1]?.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(result.requests[1]?.messages.at(-1)?.content).toContain('total_amount');
  });

  it('works when the model uses Hermes <tool_call> tags', async () => {
    const result = await run(
      [
        {
          content:
            '<tool_call>\n{"name": "calc_growth_rate", "arguments": {"current": 150, "previous": 120}}\n</tool_call>',
        },
        { content: 'The growth rate is 25%.' },
      ],
      'What is the growth from 120 to 150?',
    );
    expect(result.code).toBe(0);
    expect(ofType(result.events, 'tool.finished')[0]?.output).toEqual({ growth_rate: 25 });
    expect(ofType(result.events, 'run.finished')[0]?.answer).toBe('The growth rate is 25%.');
  });
});

describe('tool calls', () => {
  it('runs independent calls from one response concurrently and returns results in the asked order', async () => {
    // Each call marks that it started, then waits (up to 20 s) until all five have: run one after
    // another, the first would give up alone. A barrier, not a stopwatch, so load cannot fail it.
    const barrier = (n: number) =>
      `touch started-${n}; i=0; while [ "$(ls started-* | wc -l)" -lt 5 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done; ` +
      `[ "$(ls started-* | wc -l)" -ge 5 ] && sleep 1 && echo done-${n}`;
    const calls = [1, 2, 3, 4, 5].map((n) => ({
      id: `slow_${n}`,
      name: 'run_command',
      arguments: { command: barrier(n) },
    }));
    const result = await run([{ tool_calls: calls }, { content: 'all done' }], 'run five slow commands', [
      '--approvals',
      'auto',
    ]);
    expect(result.code).toBe(0);
    expect(ofType(result.events, 'tool.finished')).toHaveLength(5);
    const toolMessages = result.requests[1]?.messages.filter((m) => m.role === 'tool') ?? [];
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
    expect(toolMessages.map((m) => m.content)).toEqual(
      calls.map((_, i) => expect.stringContaining(`done-${i + 1}`)),
    );
  });

  it('stops a call repeated with the same error after three executions and tells the model', async () => {
    const missing = { name: 'read_file', arguments: { path: 'missing.txt' } };
    const result = await run(
      [
        { tool_calls: [missing] },
        { tool_calls: [missing] },
        { tool_calls: [missing] },
        { tool_calls: [missing] },
        { content: 'The file does not exist.' },
      ],
      'read missing.txt',
    );
    expect(result.code).toBe(0);
    expect(ofType(result.events, 'tool.started')).toHaveLength(3);
    expect(ofType(result.events, 'tool.disabled')[0]?.name).toBe('read_file');
    expect(ofType(result.events, 'tool.failed').map((e) => e.kind)).toEqual([
      'error',
      'error',
      'error',
      'disabled',
    ]);
    const fourth = result.requests[3];
    expect(fourth?.tools?.map((t) => t.function.name)).not.toContain('read_file');
    expect(JSON.stringify(fourth?.messages)).toContain('no longer available');
  });

  it('stops an endless alternation with a stated reason', async () => {
    const list = { name: 'list_files', arguments: {} };
    const growth = { name: 'calc_growth_rate', arguments: { current: 2, previous: 1 } };
    const steps: FakeStep[] = Array.from({ length: 12 }, (_, i) => ({ tool_calls: [i % 2 ? growth : list] }));
    const result = await run(steps, 'loop forever');
    expect(result.code).toBe(1);
    const finished = ofType(result.events, 'run.finished')[0];
    expect(finished?.status).toBe('failed');
    expect(finished?.error).toMatch(/repeated the same 2 actions 3 times/);
    expect(finished?.report.rounds).toBe(6);
  });

  it('validates arguments against the schema and tells the model in plain words', async () => {
    const result = await run(
      [
        { tool_calls: [{ name: 'calc_growth_rate', arguments: { current: 'lots' } }] },
        { content: 'giving up' },
      ],
      'growth?',
    );
    const failed = ofType(result.events, 'tool.failed')[0];
    expect(failed?.kind).toBe('validation');
    expect(ofType(result.events, 'tool.started')).toHaveLength(0);
    expect(result.requests[1]?.messages.find((m) => m.role === 'tool')?.content).toMatch(/current|previous/);
  });
});

describe('model errors', () => {
  it('retries a 429 (honouring Retry-After) and a 500, recording each retry', async () => {
    const result = await run(
      [
        { status: 429, headers: { 'retry-after': '1' } },
        { status: 500, message: 'upstream hiccup' },
        { content: 'fine now' },
      ],
      'say hi',
    );
    expect(result.code).toBe(0);
    const retries = ofType(result.events, 'model.retry');
    expect(retries.map((r) => r.status)).toEqual([429, 500]);
    expect(retries[0]?.delayMs).toBe(1000);
    expect(ofType(result.events, 'run.finished')[0]?.answer).toBe('fine now');
  });

  it('fails at once on 401 with a message that says what to fix, exit 2', async () => {
    const result = await run([{ status: 401, message: 'bad key' }], 'say hi');
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/API key/);
    expect(ofType(result.events, 'model.retry')).toHaveLength(0);
  });

  it('falls back to JSON decisions when the endpoint refuses tools', async () => {
    const result = await run(
      [
        { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' },
        (request) =>
          request.tools
            ? { status: 400, message: 'still no tools' }
            : { content: '{"type": "final_answer", "content": "42", "reason": "known"}' },
      ],
      'what is six times seven?',
    );
    expect(result.code).toBe(0);
    expect(ofType(result.events, 'model.request').map((r) => r.mode)).toEqual(['native', 'json']);
    expect(result.requests[1]?.messages[0]?.content).toContain('"type": "tool_call"');
    expect(ofType(result.events, 'run.finished')[0]?.answer).toBe('42');
  });
});

describe('configuration errors are one line and exit 2', () => {
  it('reports a missing API key for OpenAI', async () => {
    const dataDir = freshDataDir();
    const result = await runCli(['run', 'hi', '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/no API key/);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('reports an unreachable endpoint', async () => {
    const port = await closedPort();
    const result = await runCli([
      'run',
      'hi',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--data-dir',
      freshDataDir(),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot reach the model at http://127.0.0.1:${port}/v1 (ECONNREFUSED)`);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('rejects an unknown flag and a bad round limit', async () => {
    expect((await runCli(['run', 'hi', '--frobnicate'])).code).toBe(2);
    const bad = await runCli(['run', 'hi', '--max-rounds', 'zero', '--data-dir', freshDataDir()]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/max-rounds/);
  });
});

describe('the log through the CLI', () => {
  it('lists, shows and prints runs, with large outputs in full in events --json', async () => {
    const big = 'x'.repeat(100_000);
    const result = await run(
      [
        { tool_calls: [{ name: 'write_file', arguments: { path: 'big.txt', content: big } }] },
        { tool_calls: [{ name: 'read_file', arguments: { path: 'big.txt' } }] },
        { content: 'done' },
      ],
      'write and read a big file',
    );
    expect(result.code).toBe(0);
    const runId = result.events[0]?.runId ?? '';
    const runs = await runCli(['runs', '--data-dir', result.dataDir]);
    expect(runs.stdout).toContain(runId);
    expect(runs.stdout).toContain('succeeded');
    const show = await runCli(['show', runId, '--data-dir', result.dataDir]);
    expect(show.stdout).toMatch(/rounds\s+3/);
    expect(show.stdout).toMatch(/tool calls 2 \((write_file ×1, read_file ×1|read_file ×1, write_file ×1)\)/);
    const events = await runCli(['events', runId, '--json', '--data-dir', result.dataDir]);
    const read = ofType(events.events, 'tool.finished').find((e) => e.name === 'read_file');
    expect(JSON.stringify(read?.output)).toContain(big);
    const human = await runCli(['events', runId, '--data-dir', result.dataDir]);
    expect(human.stdout).toMatch(/\[TOOL_FINISHED\] write_file \d+ ms/);
    const missing = await runCli(['show', 'nope', '--data-dir', result.dataDir]);
    expect(missing.code).toBe(2);
  });

  it('exposes the parser as debug parse', async () => {
    const input = [
      JSON.stringify({ content: '<tool_call>{"name": "list_files", "arguments": {}}</tool_call>' }),
      JSON.stringify({ content: 'The answer is 4.' }),
    ].join('\n');
    const result = await runCli(['debug', 'parse', '--ndjson'], { stdin: input });
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0][0]).toMatchObject({ type: 'tool_call', toolName: 'list_files' });
    expect(lines[1][0]).toMatchObject({ type: 'final_answer', content: 'The answer is 4.' });
  });
});
