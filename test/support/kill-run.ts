import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { databaseFile } from '../../src/main/runs/data-dir';
import { EventStore } from '../../src/main/store/event-store';
import type { HermesEvent } from '../../src/shared/events';
import { freshDataDir, runCli } from './cli';
import { type ChatRequest, type FakeReply, roundOf } from './fake-model-server';

const BIN = resolve(import.meta.dirname, '../../bin/hermes-studio.mjs');

/**
 * Starts `hermes-studio run` in its own process group and kills the whole group with SIGKILL
 * `killAfterMs` after `killWhen` first says so (given the stdout so far). Timed from the run's own
 * events, not from process start, whose cost varies with the machine's load.
 */
export function runAndKill(
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

/** A log after a kill, and what is wrong with it: the file must be sound, seq contiguous, one start. */
export function inspectLog(dataDir: string): {
  runId: string | undefined;
  events: HermesEvent[];
  problems: string[];
} {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return { runId: undefined, events: [], problems: [] };
  const store = EventStore.open(file);
  try {
    const problems: string[] = [];
    const integrity = store.integrityCheck();
    if (integrity !== 'ok') problems.push(`integrity check: ${integrity}`);
    const run = store.runs()[0];
    if (!run) return { runId: undefined, events: [], problems };
    const events = store.events(run.runId, { expand: true });
    if (events.some((e, i) => e.seq !== i + 1)) problems.push('seq is not contiguous from 1');
    const starts = events.filter((e) => e.type === 'run.started').length;
    if (starts !== 1) problems.push(`${starts} run.started events`);
    return { runId: run.runId, events, problems };
  } finally {
    store.close();
  }
}

/** Continues a run until it ends, approving what the crash rule asks about; returns the last exit code. */
export async function finishRun(runId: string, dataDir: string): Promise<number | null> {
  let result = await runCli(['resume', runId, '--json', '--data-dir', dataDir]);
  for (let step = 0; step < 5 && result.code === 3; step++) {
    result = await runCli(['approve', runId, '--json', '--data-dir', dataDir]);
  }
  return result.code;
}

/**
 * The model of the kill tests: stateless (it answers from the round the conversation is at), so a
 * run that restarts gets the same replies. Reads, a computation, a command and a write, then an answer.
 */
export function killTestModel(request: ChatRequest): FakeReply {
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
}

export interface KillOutcome {
  /** Killed before the run ended (otherwise the kill came after the last event). */
  midRun: boolean;
  /** What went wrong; empty when the run resumed cleanly. */
  problems: string[];
  detail: string;
}

/**
 * One kill: the i-th of a series, killed `i * 37 % 200` ms after its (1 + i % 26)-th event, so a
 * series hits every phase of a ~30-event run; then resumed until it ends.
 */
export async function killAndResume(i: number, modelUrl: string): Promise<KillOutcome> {
  const dataDir = freshDataDir();
  const afterEvents = 1 + (i % 26);
  const killAfterMs = (i * 37) % 200;
  const args = [
    'run',
    'weekly sales',
    '--json',
    '--approvals',
    'auto',
    '--base-url',
    modelUrl,
    '--data-dir',
    dataDir,
  ];
  const printed = await runAndKill(args, {
    killWhen: (stdout) => stdout.split('\n').filter((line) => line.startsWith('{')).length >= afterEvents,
    killAfterMs,
  });
  const detail = `kill ${i}: ${killAfterMs} ms after event ${afterEvents}`;
  const before = inspectLog(dataDir);
  const problems = [...before.problems];
  if (!before.runId)
    return { midRun: false, problems: ['the run printed events but is not in the log'], detail };
  const printedSeqs = printed
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line).seq as number);
  if (before.events.length < Math.max(0, ...printedSeqs))
    problems.push('an event the CLI printed is not in the log');
  const midRun = before.events.at(-1)?.type !== 'run.finished';
  const code = midRun ? await finishRun(before.runId, dataDir) : 0;
  const after = inspectLog(dataDir);
  problems.push(...after.problems);
  if (JSON.stringify(after.events.slice(0, before.events.length)) !== JSON.stringify(before.events)) {
    problems.push('events written before the kill changed');
  }
  const last = after.events.at(-1);
  if (code !== 0 || last?.type !== 'run.finished' || last.status !== 'succeeded') {
    problems.push(`did not end in success (exit ${code}, last event ${last?.type})`);
  }
  const callIds = after.events.flatMap((e) => (e.type === 'tool.started' ? [e.callId] : []));
  if (new Set(callIds).size !== callIds.length) problems.push('a tool call was started twice');
  return { midRun, problems, detail: `${detail}, resumed from seq ${before.events.length}` };
}
