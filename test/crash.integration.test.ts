import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/main/runs/data-dir';
import { EventStore } from '../src/main/store/event-store';
import type { HermesEvent } from '../src/shared/events';
import { freshDataDir, runCli } from './support/cli';
import { type FakeModel, type FakeReply, roundOf, startFakeModel } from './support/fake-model-server';

const BIN = resolve(import.meta.dirname, '../bin/hermes-studio.mjs');

/**
 * Starts `hermes-studio run` in its own process group and kills the whole group with SIGKILL
 * `killAfterMs` after `killWhen` first says so (given the stdout so far). Timed from the run's own
 * events, not from process start, whose cost varies with the machine's load.
 */
function runAndKill(
  args: string[],
  kill: { killWhen: (stdout: string) => boolean; killAfterMs?: number },
): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...args], {
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let killed = false;
  const killGroup = () => {
    if (killed || child.pid === undefined) return;
    killed = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The run may have finished on its own first.
    }
  };
  let timer: NodeJS.Timeout | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (timer === undefined && kill.killWhen(stdout)) timer = setTimeout(killGroup, kill.killAfterMs ?? 0);
  });
  child.stderr.resume();
  return new Promise((resolvePromise) => {
    child.on('close', () => {
      clearTimeout(timer);
      resolvePromise(stdout);
    });
  });
}

/** What a log must satisfy after any kill: sound file, contiguous seq, one start. */
function checkLog(dataDir: string): { runId: string | undefined; events: HermesEvent[] } {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return { runId: undefined, events: [] };
  const store = EventStore.open(file);
  try {
    expect(store.integrityCheck()).toBe('ok');
    const run = store.runs()[0];
    if (!run) return { runId: undefined, events: [] };
    const events = store.events(run.runId, { expand: true });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type === 'run.started')).toHaveLength(1);
    return { runId: run.runId, events };
  } finally {
    store.close();
  }
}

/** Continues a run until it ends, approving what the crash rule asks about; returns the last exit code. */
async function finishRun(runId: string, dataDir: string): Promise<number | null> {
  let result = await runCli(['resume', runId, '--json', '--data-dir', dataDir]);
  for (let step = 0; step < 5 && result.code === 3; step++) {
    result = await runCli(['approve', runId, '--json', '--data-dir', dataDir]);
  }
  return result.code;
}

const demoRound = (request: Parameters<typeof roundOf>[0]): FakeReply => {
  const replies: FakeReply[] = [
    {
      tool_calls: [
        {
          id: 'q1',
          name: 'query_sales_data',
          arguments: { start_date: '2024-03-04', end_date: '2024-03-10' },
        },
        {
          id: 'q2',
          name: 'query_sales_data',
          arguments: { start_date: '2024-02-26', end_date: '2024-03-03' },
        },
      ],
    },
    {
      tool_calls: [
        { id: 'g', name: 'calc_growth_rate', arguments: { current: 204804.95, previous: 196090.48 } },
      ],
    },
    {
      tool_calls: [
        { id: 's', name: 'run_command', arguments: { command: 'sleep 0.3; echo saved >> report.txt' } },
      ],
    },
    {
      tool_calls: [
        { id: 'r', name: 'save_daily_report', arguments: { content: 'growth 4.44%', date: '2024-03-10' } },
      ],
    },
    { content: 'Sales grew 4.44%.' },
  ];
  return { ...(replies[roundOf(request)] ?? { content: 'done' }), delayMs: 150 };
};

describe('runs survive a kill', () => {
  let model: FakeModel;
  beforeAll(async () => {
    model = await startFakeModel(demoRound);
  });
  afterAll(async () => {
    await model.close();
  });

  it('killed in the middle of a slow tool call: the log is sound, and resume asks before running it again', async () => {
    const dataDir = freshDataDir();
    const slow = await startFakeModel([
      {
        tool_calls: [
          { id: 'slow', name: 'run_command', arguments: { command: 'sleep 3; echo done > slow.txt' } },
        ],
      },
      { content: 'finished' },
    ]);
    try {
      await runAndKill(
        ['run', 'slow work', '--json', '--approvals', 'auto', '--base-url', slow.url, '--data-dir', dataDir],
        {
          killWhen: (stdout) => stdout.includes('"type":"tool.started"'),
        },
      );
      const before = checkLog(dataDir);
      expect(before.events.at(-1)?.type).toBe('tool.started');
      const runId = before.runId ?? '';
      expect(existsSync(join(dataDir, 'workspaces', runId, 'slow.txt'))).toBe(false);

      const resumed = await runCli(['resume', runId, '--json', '--data-dir', dataDir]);
      expect(resumed.code).toBe(3);
      expect(resumed.events.find((e) => e.type === 'human.requested')).toMatchObject({
        kind: 'approval',
        toolCall: { callId: 'slow' },
      });
      const approved = await runCli(['approve', runId, '--json', '--data-dir', dataDir]);
      expect(approved.code).toBe(0);
      const after = checkLog(dataDir);
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      expect(after.events.filter((e) => e.type === 'tool.started')).toHaveLength(1);
      expect(after.events.filter((e) => e.type === 'tool.finished')).toHaveLength(1);
      expect(existsSync(join(dataDir, 'workspaces', runId, 'slow.txt'))).toBe(true);
      expect(after.events.at(-1)).toMatchObject({ type: 'run.finished', status: 'succeeded' });
    } finally {
      await slow.close();
    }
  });

  it('killed at 30 moments spread over a run: every run resumes to success with nothing lost or doubled', async () => {
    const KILLS = 30;
    const outcomes: string[] = [];
    let midRun = 0;
    const one = async (i: number) => {
      const dataDir = freshDataDir();
      // The k-th event of a ~30-event run, then a pause of up to 200 ms: every phase gets hit.
      const afterEvents = 1 + (i % 26);
      const killAfterMs = (i * 37) % 200;
      const args = [
        'run',
        'weekly sales',
        '--json',
        '--approvals',
        'auto',
        '--base-url',
        model.url,
        '--data-dir',
        dataDir,
      ];
      const printed = await runAndKill(args, {
        killWhen: (stdout) => stdout.split('\n').filter((line) => line.startsWith('{')).length >= afterEvents,
        killAfterMs,
      });
      const before = checkLog(dataDir);
      if (!before.runId) throw new Error(`kill ${i}: the run had printed its first event, so it must exist`);
      const printedSeqs = printed
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line).seq as number);
      // Every event the CLI printed had been committed: nothing it showed is lost.
      expect(before.events.length).toBeGreaterThanOrEqual(Math.max(0, ...printedSeqs));
      const finished = before.events.at(-1)?.type === 'run.finished';
      if (!finished) midRun += 1;
      const code = finished ? 0 : await finishRun(before.runId, dataDir);
      const after = checkLog(dataDir);
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      expect(after.events.at(-1)).toMatchObject({ type: 'run.finished', status: 'succeeded' });
      expect(code).toBe(0);
      const callIds = after.events
        .filter((e) => e.type === 'tool.started')
        .map((e) => (e as { callId: string }).callId);
      expect(new Set(callIds).size).toBe(callIds.length);
      outcomes.push(
        `kill ${i} ${killAfterMs} ms after event ${afterEvents}: resumed from seq ${before.events.length}`,
      );
    };
    for (let i = 0; i < KILLS; i += 3) {
      await Promise.all([one(i), one(i + 1), one(i + 2)]);
    }
    expect(outcomes).toHaveLength(KILLS);
    // The kills must land inside runs, or this proves nothing.
    expect(midRun).toBeGreaterThanOrEqual(KILLS * 0.7);
  }, 600_000);
});
