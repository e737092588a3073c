import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { EventStore } from '../src/main/store/event-store';
import { migrate } from '../src/main/store/migrations';
import type { NewEvent } from '../src/shared/events';
import { seededRandom } from '../src/shared/seeded-random';
import type { BenchResult } from './result';

const EVENTS = 100_000;
const RUNS = 10;
const REPETITIONS = 3;
const YIELD_EVERY = 100;

interface Row {
  runId: string;
  seq: number;
  ts: number;
  type: string;
  payload: string;
}

const WORDS = 'the agent reads a file then writes notes about what it found in the workspace and asks'.split(
  ' ',
);

function text(next: () => number, minBytes: number, maxBytes: number): string {
  const target = minBytes + Math.floor(next() * (maxBytes - minBytes));
  let out = '';
  while (out.length < target) out += `${WORDS[Math.floor(next() * WORDS.length)]} `;
  return out.slice(0, target);
}

function started(runId: string): NewEvent {
  return {
    type: 'run.started',
    task: `benchmark task for ${runId}`,
    model: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:8080/v1', model: 'hermes-3' },
    workspace: `/data/workspaces/${runId}`,
    tools: ['read_file', 'write_file', 'list_dir', 'run_command'],
    maxRounds: 50,
    approvals: 'ask',
    escalation: 'fail',
    context: { windowTokens: 16_000, targetShare: 0.4, replanEvery: 5 },
  };
}

/** One round of a run: the model's answer, the decision parsed from it, and the tool call it led to. */
function round(next: () => number, n: number): NewEvent[] {
  const callId = `call_${n}_0_${Math.floor(next() * 65536).toString(16)}`;
  const args = { path: `src/file_${n}.ts`, content: text(next, 50, 600) };
  return [
    {
      type: 'model.response',
      round: n,
      raw: {
        content: text(next, 100, 1500),
        tool_calls: [
          { id: callId, type: 'function', function: { name: 'write_file', arguments: JSON.stringify(args) } },
        ],
      },
      usage: { prompt: 1000 + n * 50, completion: 120 },
      latencyMs: 800 + Math.floor(next() * 400),
      finishReason: 'tool_calls',
    },
    decision(n, callId, args),
    { type: 'tool.started', round: n, callId, name: 'write_file', arguments: args },
    {
      type: 'tool.finished',
      round: n,
      callId,
      name: 'write_file',
      arguments: args,
      durationMs: Math.floor(next() * 50),
      output: { ok: true, bytes: args.content.length, preview: text(next, 100, 1800) },
      observation: text(next, 50, 300),
      changedFiles: [args.path],
    },
  ];
}

function decision(n: number, callId: string, args: Record<string, unknown>): NewEvent {
  return {
    type: 'decision',
    round: n,
    index: 0,
    kind: 'tool_call',
    toolName: 'write_file',
    arguments: args,
    callId,
    source: 'native',
  };
}

interface Workload {
  appends: { runId: string; event: NewEvent }[];
  rows: Row[];
}

/** Runs advance round-robin, the way concurrent runs interleave in the app. */
function workload(): Workload {
  const next = seededRandom(42);
  const perRun = Array.from({ length: RUNS }, (_, r) => {
    const runId = `rbench${r}`;
    const events = [started(runId)];
    for (let n = 1; events.length < EVENTS / RUNS; n++) events.push(...round(next, n));
    return { runId, events: events.slice(0, EVENTS / RUNS) };
  });
  const appends: Workload['appends'] = [];
  for (let i = 0; i < EVENTS / RUNS; i++) {
    for (const run of perRun) {
      const event = run.events[i];
      if (event) appends.push({ runId: run.runId, event });
    }
  }
  const ts = Date.now();
  const seqs = new Map<string, number>();
  const rows = appends.map(({ runId, event }) => {
    const seq = (seqs.get(runId) ?? 0) + 1;
    seqs.set(runId, seq);
    const { type, ...payload } = event;
    return { runId, seq, ts, type, payload: JSON.stringify(payload) };
  });
  return { appends, rows };
}

function freshFile(): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-bench-store-'));
  return {
    file: path.join(dir, 'hermes.db'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** (a) The floor: pre-serialized rows, one prepared statement, one transaction, same schema and pragmas. */
function rawInsert(rows: Row[]): number {
  const { file, cleanup } = freshFile();
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    const insert = db.prepare('INSERT INTO events (run_id, seq, ts, type, payload) VALUES (?, ?, ?, ?, ?)');
    const start = performance.now();
    db.transaction(() => {
      for (const row of rows) insert.run(row.runId, row.seq, row.ts, row.type, row.payload);
    })();
    return rows.length / ((performance.now() - start) / 1000);
  } finally {
    db.close();
    cleanup();
  }
}

/** (b) The store as the loop uses it: appends, with the event loop turning so automatic flushes happen. */
async function storeAppend(appends: Workload['appends']): Promise<number> {
  const { file, cleanup } = freshFile();
  const store = EventStore.open(file);
  try {
    const start = performance.now();
    for (let i = 0; i < appends.length; i++) {
      const item = appends[i];
      if (item) store.append(item.runId, item.event);
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    }
    store.flush();
    return appends.length / ((performance.now() - start) / 1000);
  } finally {
    store.close();
    cleanup();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function benchStoreAppend(): Promise<BenchResult[]> {
  const { appends, rows } = workload();
  const raw: number[] = [];
  const store: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    raw.push(rawInsert(rows));
    store.push(await storeAppend(appends));
  }
  const rawRate = Math.round(median(raw));
  const storeRate = Math.round(median(store));
  const meanBytes = Math.round(rows.reduce((sum, row) => sum + row.payload.length, 0) / rows.length);
  const shape = `${EVENTS} events over ${RUNS} runs, payloads ~${meanBytes} B mean; median of ${REPETITIONS}, fresh DB each`;
  return [
    {
      name: 'store.raw_insert',
      value: rawRate,
      unit: 'events/s',
      note: `better-sqlite3, pre-serialized rows, one transaction; ${shape}`,
    },
    {
      name: 'store.append',
      value: storeRate,
      unit: 'events/s',
      baseline: { name: 'store.raw_insert', value: rawRate },
      ratio: Math.round((storeRate / rawRate) * 100) / 100,
      goal: 'ratio ≥ 0.5',
      note: `EventStore.append with automatic flushes (event loop turns every ${YIELD_EVERY} appends); ${shape}`,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchStoreAppend(), null, 2));
}
