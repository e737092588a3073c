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

const ROUNDS = 20;
const WINDOW = 16_000;

/** Twenty rounds that each pull a fortnight of sales (~2,000 tokens of rows), then an answer. */
function script(): AssistantMessage[] {
  const replies: AssistantMessage[] = Array.from({ length: ROUNDS }, (_, i) => {
    const start = new Date(Date.UTC(2024, 0, 1 + 14 * i));
    const end = new Date(start.getTime() + 13 * 86_400_000);
    const args = { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
    return {
      content: `Fortnight ${i + 1}: querying it.`,
      tool_calls: [
        {
          id: `q${i}`,
          type: 'function',
          function: { name: 'query_sales_data', arguments: JSON.stringify(args) },
        },
      ],
    };
  });
  replies.push({ content: 'The best fortnight was the last one.' });
  return replies;
}

/**
 * The largest share of a 16,000-token window that one request fills over a 20-round run whose every
 * round returns a large output, with the default budget (40%), compression and eviction.
 */
export async function benchContextShare(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hermes-bench-context-'));
  const runtime = new Runtime(dataDir);
  try {
    const loop = AgentLoop.start(
      {
        runId: 'bench-context',
        task: 'Go through the sales of 2024 one fortnight at a time and tell me the best fortnight.',
        workspace: mkdtempSync(join(dataDir, 'ws-')),
        maxRounds: ROUNDS + 5,
        tools: runtime.registry.names(),
        approvals: 'auto',
        escalation: 'fail',
        context: { windowTokens: WINDOW, targetShare: 0.4, replanEvery: 5 },
      },
      {
        store: runtime.store,
        model: new ScriptedModel(script(), 'bench-context'),
        registry: runtime.registry,
        host: runtime.host,
        approvals: {},
        retry: defaultRetryPolicy,
        maxConcurrency: 8,
      },
    );
    const outcome = await loop.run();
    if (outcome.status !== 'succeeded') throw new Error(`benchmark run ended ${outcome.status}`);
    const requests = runtime.store.events('bench-context').filter((e) => e.type === 'model.request');
    const shares = requests.map((e) => (e.type === 'model.request' ? e.share : 0));
    const peak = Math.max(...shares);
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    return [
      {
        name: 'context.peak_share',
        value: Math.round(peak * 1000) / 10,
        unit: '% of window',
        baseline: { name: 'seed reference', value: 40 },
        ratio: Math.round((peak / 0.4) * 100) / 100,
        goal: '≤ 25%',
        note: `${ROUNDS} rounds of ~2,000-token outputs, 16,000-token window, budget 40%, conservative token estimate (no tokenizer for this model); mean share ${Math.round(mean * 1000) / 10}%`,
      },
    ];
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchContextShare(), null, 2));
}
