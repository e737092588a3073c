import { pathToFileURL } from 'node:url';
import { startFakeModel } from '../test/support/fake-model-server';
import { type KillOutcome, killAndResume, killTestModel } from '../test/support/kill-run';
import type { BenchResult } from './result';

const KILLS = 90;
const AT_ONCE = 3;

/**
 * Crash safety at scale: runs of the real CLI killed with SIGKILL at moments spread over every phase,
 * each resumed until it ends; how many came back cleanly (sound file, nothing lost or doubled, success).
 */
export async function benchKillResume(): Promise<BenchResult[]> {
  const model = await startFakeModel(killTestModel);
  try {
    const outcomes: KillOutcome[] = [];
    for (let i = 0; i < KILLS; i += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, KILLS - i) }, (_, k) =>
        killAndResume(i + k, model.url),
      );
      outcomes.push(...(await Promise.all(batch)));
    }
    const clean = outcomes.filter((o) => o.problems.length === 0).length;
    const midRun = outcomes.filter((o) => o.midRun).length;
    const failures = outcomes
      .filter((o) => o.problems.length > 0)
      .map((o) => `${o.detail}: ${o.problems.join('; ')}`);
    return [
      {
        name: 'crash.resumed_cleanly',
        value: Math.round((clean / KILLS) * 1000) / 10,
        unit: '% of killed runs',
        baseline: { name: 'seed reference', value: 90 },
        ratio: Math.round((clean / KILLS / 0.9) * 100) / 100,
        goal: '100%',
        note: `${KILLS} runs of the CLI killed with SIGKILL (${midRun} before their end), each resumed${failures.length ? `; failed: ${failures.slice(0, 3).join(' | ')}` : ''}`,
      },
    ];
  } finally {
    await model.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchKillResume(), null, 2));
}
