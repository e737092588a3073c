import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir, runCli } from './support/cli';
import { type FakeModel, startFakeModel } from './support/fake-model-server';
import { inspectLog, type KillOutcome, killAndResume, killTestModel, runAndKill } from './support/kill-run';

describe('runs survive a kill', () => {
  let model: FakeModel;
  beforeAll(async () => {
    model = await startFakeModel(killTestModel);
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
      const before = inspectLog(dataDir);
      expect(before.problems).toEqual([]);
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
      const after = inspectLog(dataDir);
      expect(after.problems).toEqual([]);
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
    const outcomes: KillOutcome[] = [];
    for (let i = 0; i < KILLS; i += 3) {
      outcomes.push(...(await Promise.all([i, i + 1, i + 2].map((n) => killAndResume(n, model.url)))));
    }
    expect(outcomes.filter((o) => o.problems.length > 0)).toEqual([]);
    // The kills must land inside runs, or this proves nothing.
    expect(outcomes.filter((o) => o.midRun).length).toBeGreaterThanOrEqual(KILLS * 0.7);
  }, 600_000);
});
