import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, ofType, runCli } from './support/cli';
import { type FakeModel, type FakeStep, startFakeModel } from './support/fake-model-server';

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function scenario(steps: FakeStep[]) {
  model = await startFakeModel(steps);
  const dataDir = freshDataDir();
  const base = ['--json', '--base-url', model.url, '--model', 'fake-model', '--data-dir', dataDir];
  return { dataDir, base, requests: model.requests };
}

const touch = (file: string) => ({ name: 'run_command', arguments: { command: `echo made > ${file}` } });

describe('questions', () => {
  it('pauses with exit 3, and `answer` brings the answer to the model and finishes the run', async () => {
    const { base, requests, dataDir } = await scenario([
      { tool_calls: [{ id: 'ask_1', name: 'ask_user', arguments: { question: 'Which week?' } }] },
      { content: 'Done for the week of 2024-03-04.' },
    ]);
    const first = await runCli(['run', 'Report on a week', ...base]);
    expect(first.code).toBe(3);
    const runId = first.events[0]?.runId ?? '';
    expect(ofType(first.events, 'human.requested')[0]).toMatchObject({
      kind: 'question',
      question: 'Which week?',
    });
    expect(first.events.at(-1)?.type).toBe('run.paused');
    const waiting = await runCli(['runs', '--data-dir', dataDir]);
    expect(waiting.stdout).toMatch(new RegExp(`${runId}\\s+paused`));

    const second = await runCli(['answer', runId, 'The week of 2024-03-04', ...base]);
    expect(second.code).toBe(0);
    expect(second.events[0]).toMatchObject({
      type: 'human.responded',
      answer: 'The week of 2024-03-04',
      by: 'cli',
    });
    expect(second.events[1]?.type).toBe('run.resumed');
    expect(second.events[0]?.seq).toBe((first.events.at(-1)?.seq ?? 0) + 1);
    const toolMessage = requests[1]?.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'ask_1');
    expect(toolMessage?.content).toContain('The week of 2024-03-04');
    expect(ofType(second.events, 'run.finished')[0]?.status).toBe('succeeded');
  });

  it('refuses an answer to a run that is not waiting for one, with a message and exit 2', async () => {
    const { base } = await scenario([{ tool_calls: [touch('a.txt')] }]);
    const first = await runCli(['run', 'touch a file', ...base]);
    expect(first.code).toBe(3);
    const runId = first.events[0]?.runId ?? '';
    const wrong = await runCli(['answer', runId, 'hello', ...base]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/waiting for an approval.*approve or deny/);
    const unknown = await runCli(['answer', 'r-nope', 'hello', ...base]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no run with id r-nope/);
  });
});

describe('approvals', () => {
  it('pauses before an external tool runs; approve with edited arguments runs the edited call', async () => {
    const { base, requests, dataDir } = await scenario([
      { tool_calls: [touch('model.txt')] },
      { content: 'made it' },
    ]);
    const first = await runCli(['run', 'make a file', ...base]);
    expect(first.code).toBe(3);
    const runId = first.events[0]?.runId ?? '';
    const workspace = join(dataDir, 'workspaces', runId);
    expect(ofType(first.events, 'tool.started')).toHaveLength(0);
    expect(ofType(first.events, 'human.requested')[0]).toMatchObject({
      kind: 'approval',
      toolCall: { name: 'run_command', risk: 'external', arguments: { command: 'echo made > model.txt' } },
    });
    expect(ofType(first.events, 'human.requested')[0]?.question).toMatch(/external/);

    const bad = await runCli(['approve', runId, '--args', '{"command": 42}', ...base]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/edited arguments do not fit run_command/);

    const edited = { command: 'echo made > person.txt' };
    const second = await runCli(['approve', runId, '--args', JSON.stringify(edited), ...base]);
    expect(second.code).toBe(0);
    expect(second.events[0]).toMatchObject({
      type: 'human.responded',
      decision: 'approved',
      editedArguments: edited,
      by: 'cli',
    });
    expect(ofType(second.events, 'tool.started')[0]?.arguments).toEqual(edited);
    expect(existsSync(join(workspace, 'person.txt'))).toBe(true);
    expect(existsSync(join(workspace, 'model.txt'))).toBe(false);
    expect(requests[1]?.messages.find((m) => m.role === 'tool')?.content).toMatch(/edited the arguments/);
    // The log keeps the model's arguments and the person's.
    const all = await runCli(['events', runId, '--json', '--data-dir', dataDir]);
    expect(ofType(all.events, 'decision')[0]?.arguments).toEqual({ command: 'echo made > model.txt' });
    expect(ofType(all.events, 'human.responded')[0]?.waitedMs).toBeGreaterThanOrEqual(0);
  });

  it('a denial reaches the model as the call’s result, with the reason', async () => {
    const { base, requests } = await scenario([
      { tool_calls: [touch('x.txt')] },
      { content: 'ok, I will not' },
    ]);
    const first = await runCli(['run', 'make a file', ...base]);
    const runId = first.events[0]?.runId ?? '';
    const second = await runCli(['deny', runId, '--reason', 'not on this machine', ...base]);
    expect(second.code).toBe(0);
    expect(ofType(second.events, 'tool.failed')[0]).toMatchObject({ kind: 'denied' });
    expect(requests[1]?.messages.find((m) => m.role === 'tool')?.content).toBe(
      'Denied by the user: not on this machine',
    );
  });

  it('"for this run" approves later calls of the same tool without asking again', async () => {
    const { base } = await scenario([
      { tool_calls: [touch('one.txt')] },
      { tool_calls: [touch('two.txt')] },
      { content: 'both made' },
    ]);
    const first = await runCli(['run', 'make two files', ...base]);
    const runId = first.events[0]?.runId ?? '';
    const second = await runCli(['approve', runId, '--for-run', ...base]);
    expect(second.code).toBe(0);
    expect(ofType(second.events, 'human.requested')).toHaveLength(0);
    expect(ofType(second.events, 'tool.finished')).toHaveLength(2);
  });

  it('"always" remembers only that exact call in the settings file', async () => {
    const { base, dataDir } = await scenario([{ tool_calls: [touch('one.txt')] }, { content: 'made' }]);
    const first = await runCli(['run', 'make a file', ...base]);
    await runCli(['approve', first.events[0]?.runId ?? '', '--always', ...base]);
    const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
    expect(settings.alwaysAllow).toEqual([
      { tool: 'run_command', arguments: { command: 'echo made > one.txt' } },
    ]);
  });

  it('a settings file that cannot be read stops "always" before anything is recorded', async () => {
    const { base, dataDir } = await scenario([{ tool_calls: [touch('one.txt')] }, { content: 'made' }]);
    const first = await runCli(['run', 'make a file', ...base]);
    const runId = first.events[0]?.runId ?? '';
    writeFileSync(join(dataDir, 'settings.json'), '{ not json');
    const refused = await runCli(['approve', runId, '--always', '--json', '--data-dir', dataDir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/settings file .* is not valid JSON/);
    expect(refused.events).toHaveLength(0);
    writeFileSync(join(dataDir, 'settings.json'), '{}');
    const show = await runCli(['show', runId, '--data-dir', dataDir]);
    expect(show.stdout).toMatch(/status\s+paused/);
  });
});

describe('escalation and cancel', () => {
  it('asks the person at the round limit when told to, and "stop" ends the run with the reason', async () => {
    const { base } = await scenario([
      { tool_calls: [{ name: 'list_files', arguments: {} }] },
      { tool_calls: [{ name: 'calc_growth_rate', arguments: { current: 3, previous: 2 } }] },
      { tool_calls: [{ name: 'list_files', arguments: { recursive: true } }] },
    ]);
    const first = await runCli(['run', 'wander', '--max-rounds', '2', '--escalation', 'ask', ...base]);
    expect(first.code).toBe(3);
    expect(ofType(first.events, 'human.requested')[0]).toMatchObject({ escalation: 'round_limit' });
    const runId = first.events[0]?.runId ?? '';
    const more = await runCli(['answer', runId, 'continue with 1 more', ...base]);
    expect(more.code).toBe(3);
    expect(ofType(more.events, 'model.request')).toHaveLength(1);
    const stop = await runCli(['answer', runId, 'stop', ...base]);
    expect(stop.code).toBe(1);
    expect(ofType(stop.events, 'run.finished')[0]?.error).toMatch(/the person chose to stop/);
  });

  it('cancels a paused run', async () => {
    const { base, dataDir } = await scenario([{ tool_calls: [touch('x.txt')] }]);
    const first = await runCli(['run', 'make a file', ...base]);
    const runId = first.events[0]?.runId ?? '';
    const cancel = await runCli(['cancel', runId, '--data-dir', dataDir]);
    expect(cancel.code).toBe(0);
    const show = await runCli(['show', runId, '--data-dir', dataDir]);
    expect(show.stdout).toMatch(/status\s+cancelled/);
    const again = await runCli(['cancel', runId, '--data-dir', dataDir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already cancelled/);
  });
});

describe('cancel from another process', () => {
  it('stops a run driven by another process, aborting its tool call', async () => {
    const { base, dataDir } = await scenario([
      { tool_calls: [{ name: 'run_command', arguments: { command: 'sleep 30; echo late > late.txt' } }] },
      { content: 'never reached' },
    ]);
    let runId = '';
    let started: () => void = () => {};
    const toolStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const running = runCli(['run', 'sleep a long time', '--approvals', 'auto', ...base], {
      onStdout: (text) => {
        const line = text.split('\n').find((l) => l.includes('"type":"tool.started"'));
        if (line) {
          runId = JSON.parse(line).runId;
          started();
        }
      },
    });
    await toolStarted;
    const cancel = await runCli(['cancel', runId, '--data-dir', dataDir]);
    expect(cancel.code).toBe(0);
    const first = await running;
    expect(first.code).toBe(1);
    expect(ofType(first.events, 'run.finished')[0]?.status).toBe('cancelled');
    expect(ofType(first.events, 'tool.failed')[0]?.kind).toBe('cancelled');
    expect(existsSync(join(dataDir, 'workspaces', runId, 'late.txt'))).toBe(false);
  });
});
