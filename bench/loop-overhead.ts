import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentLoop } from '../src/main/agent/loop';
import { defaultRetryPolicy } from '../src/main/agent/model-caller';
import { ScriptedModel } from '../src/main/models/scripted';
import { Runtime } from '../src/main/runs/runtime';
import type { AssistantMessage } from '../src/shared/decision';
import type { BenchResult } from './result';

const ROUNDS = 300;
const REPETITIONS = 3;

/** Rounds that each call an instant tool with new arguments, then one final answer. */
function script(withTools: boolean): AssistantMessage[] {
  const replies: AssistantMessage[] = Array.from({ length: ROUNDS - 1 }, (_, i) =>
    withTools
      ? {
          content: null,
          tool_calls: [
            {
              id: `call_${i}`,
              type: 'function',
              function: {
                name: 'calc_growth_rate',
                arguments: JSON.stringify({ current: 100 + i, previous: 100 }),
              },
            },
          ],
        }
      : { content: `<tool_call>{"name": "no_such_tool_${i}", "arguments": {}}</tool_call>` },
  );
  replies.push({ content: 'done' });
  return replies;
}

/** Milliseconds per round of one run driven by an instant scripted model. */
async function timeRun(runtime: Runtime, replies: AssistantMessage[], n: number): Promise<number> {
  const runId = `bench-${n}`;
  const loop = AgentLoop.start(
    {
      runId,
      task: 'benchmark',
      workspace: mkdtempSync(join(runtime.dataDir, 'ws-')),
      maxRounds: ROUNDS,
      tools: runtime.registry.names(),
      approvals: 'auto',
      escalation: 'fail',
      context: { windowTokens: 128_000, targetShare: 0.4, replanEvery: 0 },
    },
    {
      store: runtime.store,
      model: new ScriptedModel(replies, 'bench'),
      registry: runtime.registry,
      host: runtime.host,
      approvals: {},
      retry: defaultRetryPolicy,
      maxConcurrency: 8,
    },
  );
  const started = performance.now();
  const outcome = await loop.run();
  const elapsed = performance.now() - started;
  if (outcome.status !== 'succeeded') throw new Error(`benchmark run ended ${outcome.status}`);
  return elapsed / ROUNDS;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/**
 * The loop's own cost per round, with a model that answers instantly: context fold, parse, events
 * appended and committed, and (in the second figure) a tool call through a worker thread.
 */
export async function benchLoopOverhead(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hermes-bench-loop-'));
  const runtime = new Runtime(dataDir);
  try {
    await timeRun(runtime, script(true), 0);
    const bare: number[] = [];
    const withTool: number[] = [];
    for (let i = 1; i <= REPETITIONS; i++) {
      bare.push(await timeRun(runtime, script(false), i));
      withTool.push(await timeRun(runtime, script(true), i + REPETITIONS));
    }
    const shape = `${ROUNDS}-round runs, median of ${REPETITIONS}`;
    return [
      {
        name: 'loop.round_overhead',
        value: round3(median(bare)),
        unit: 'ms/round',
        goal: '< 1 ms per round',
        note: `instant scripted model; each round's call is refused up front (no tool runs); ${shape}`,
      },
      {
        name: 'loop.round_with_tool_call',
        value: round3(median(withTool)),
        unit: 'ms/round',
        note: `instant scripted model; each round runs calc_growth_rate in a worker thread; ${shape}`,
      },
    ];
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchLoopOverhead(), null, 2));
}
