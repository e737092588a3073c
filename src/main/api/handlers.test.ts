import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModel, startFakeModel } from '../../../test/support/fake-model-server';
import { hermesContract, type RoundContext } from '../../shared/api';
import { startTestService, type TestService } from './test-service';

let model: FakeModel | undefined;
let service: TestService | undefined;
afterEach(async () => {
  await service?.dispose();
  await model?.close();
  service = undefined;
  model = undefined;
});

function localEnv(fake: FakeModel): NodeJS.ProcessEnv {
  return { LLM_BASE_URL: fake.url, LLM_MODEL_NAME: 'local-model' };
}

async function started(result: { ok: true; runId: string } | { ok: false; error: string }): Promise<string> {
  if (!result.ok) throw new Error(result.error);
  return result.runId;
}

describe('createHandlers: runs', () => {
  it('starts a run at once and reports it through notices, in order, each event once', async () => {
    model = await startFakeModel([
      { content: 'Listing.', tool_calls: [{ name: 'list_files', arguments: {} }] },
      { content: 'The workspace is empty.' },
    ]);
    service = startTestService({ env: localEnv(model) });
    const runId = await started(await service.handlers.startRun({ task: 'What is in the workspace?' }));
    const finished = await service.settled(runId);
    expect(finished.type === 'run.finished' && finished.answer).toBe('The workspace is empty.');
    const stored = await service.handlers.getRunEvents({ runId });
    expect(service.noticed(runId).map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(service.notices.some((n) => n.kind === 'text' && n.runId === runId)).toBe(true);
    const runs = await service.handlers.listRuns({});
    expect(runs.map((r) => [r.runId, r.status])).toEqual([[runId, 'succeeded']]);
  });

  it('refuses to start without a usable endpoint, in words', async () => {
    service = startTestService();
    const result = await service.handlers.startRun({ task: 'anything' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/no API key/);
  });

  it('approves a call with edited arguments, and the tool runs with them', async () => {
    model = await startFakeModel([
      { tool_calls: [{ name: 'write_file', arguments: { path: 'draft.txt', content: 'first' } }] },
      { content: 'Saved.' },
    ]);
    service = startTestService({ env: localEnv(model) });
    expect(await service.handlers.saveSettings({ toolPolicies: { write_file: 'ask' } })).toEqual({
      ok: true,
    });
    const runId = await started(await service.handlers.startRun({ task: 'Save a note' }));
    const paused = await service.settled(runId);
    expect(paused.type).toBe('run.paused');
    const [pending] = await service.handlers.pendingRequests({});
    expect(pending?.runId).toBe(runId);
    expect(pending?.request.kind).toBe('approval');
    expect(pending?.request.toolCall?.name).toBe('write_file');

    const bad = await service.handlers.approve({ runId, editedArguments: { path: 42 } });
    expect(bad.ok).toBe(false);
    const edited = { path: 'final.txt', content: 'edited by a person' };
    expect(await service.handlers.approve({ runId, editedArguments: edited })).toEqual({ ok: true });
    const finished = await service.settled(runId, paused.seq);
    expect(finished.type).toBe('run.finished');
    const events = await service.handlers.getRunEvents({ runId });
    const responded = events.find((e) => e.type === 'human.responded');
    expect(responded?.type === 'human.responded' && responded.by).toBe('app');
    const ran = events.find((e) => e.type === 'tool.finished');
    expect(ran?.type === 'tool.finished' && ran.arguments).toMatchObject(edited);
    const workspace = join(service.dataDir, 'workspaces', runId);
    expect(readFileSync(join(workspace, 'final.txt'), 'utf8')).toBe('edited by a person');
    expect(existsSync(join(workspace, 'draft.txt'))).toBe(false);
    expect(await service.handlers.pendingRequests({})).toEqual([]);
    expect(await service.handlers.approve({ runId })).toEqual({
      ok: false,
      error: `run ${runId} has already succeeded`,
    });
  });

  it('denies a call with a reason the model is told, and answers a question', async () => {
    model = await startFakeModel([
      { tool_calls: [{ id: 'ask_1', name: 'ask_user', arguments: { question: 'Which week?' } }] },
      { tool_calls: [{ name: 'run_command', arguments: { command: 'rm -rf data' } }] },
      { content: 'I left the data alone.' },
    ]);
    service = startTestService({ env: localEnv(model), by: 'api' });
    const runId = await started(await service.handlers.startRun({ task: 'Tidy up' }));
    const asked = await service.settled(runId);
    expect((await service.handlers.approve({ runId })).ok).toBe(false);
    expect(await service.handlers.answer({ runId, text: 'the first week of March' })).toEqual({ ok: true });
    const approval = await service.settled(runId, asked.seq);
    expect(approval.type).toBe('run.paused');
    expect(await service.handlers.deny({ runId, reason: 'never delete data' })).toEqual({ ok: true });
    const finished = await service.settled(runId, approval.seq);
    expect(finished.type === 'run.finished' && finished.status).toBe('succeeded');
    const sent = JSON.stringify(model.requests[2]?.messages);
    expect(sent).toContain('never delete data');
    expect(JSON.stringify(model.requests[1]?.messages)).toContain('the first week of March');
  });

  it('rebuilds the context of a round exactly as the model received it', async () => {
    model = await startFakeModel([
      { content: 'Looking.', tool_calls: [{ name: 'list_files', arguments: {} }] },
      { content: 'Nothing here.' },
    ]);
    service = startTestService({ env: localEnv(model) });
    const runId = await started(await service.handlers.startRun({ task: 'Look around' }));
    await service.settled(runId);
    for (const round of [1, 2]) {
      const context = (await service.handlers.getRoundContext({ runId, round })) as RoundContext;
      const received = model.requests[round - 1];
      expect(context.messages.map((m) => m.content)).toEqual(received?.messages.map((m) => m.content));
      expect(context.messages.map((m) => m.role)).toEqual(received?.messages.map((m) => m.role));
      expect(context.tools).toEqual(received?.tools?.map((t) => t.function.name));
      const request = (await service.handlers.getRunEvents({ runId })).find(
        (e) => e.type === 'model.request' && e.round === round,
      );
      expect(request?.type === 'model.request' && request.tokenEstimate).toBe(context.tokens);
      expect(context.messages.every((m) => m.tokens > 0)).toBe(true);
    }
    const second = (await service.handlers.getRoundContext({ runId, round: 2 })) as RoundContext;
    expect(second.messages.find((m) => m.role === 'assistant')?.toolCalls?.[0]?.name).toBe('list_files');
    expect(await service.handlers.getRoundContext({ runId, round: 9 })).toEqual({
      error: `run ${runId} has no round 9`,
    });
    expect(await service.handlers.getRoundContext({ runId: 'nope', round: 1 })).toEqual({
      error: 'no run with id nope',
    });
  });

  it('carries the earlier turns into a follow-up, linked to its parent', async () => {
    model = await startFakeModel([{ content: 'Paris.' }, { content: 'About 2.1 million.' }]);
    service = startTestService({ env: localEnv(model) });
    const first = await started(await service.handlers.startRun({ task: 'Capital of France?' }));
    await service.settled(first);
    const second = await started(
      await service.handlers.startRun({ task: 'How many people live there?', parentRunId: first }),
    );
    await service.settled(second);
    const [start] = await service.handlers.getRunEvents({ runId: second });
    expect(start?.type === 'run.started' && start.parentRunId).toBe(first);
    expect(start?.type === 'run.started' && start.task).toBe(
      'Earlier in this conversation —\ntask: Capital of France?; answer: Paris.\n\nHow many people live there?',
    );
    expect((await service.handlers.startRun({ task: 'x', parentRunId: 'gone' })).ok).toBe(false);
  });

  it('plays the demo recording against the real demo tools', async () => {
    service = startTestService();
    const runId = await started(await service.handlers.startDemo({}));
    const finished = await service.settled(runId);
    expect(finished.type === 'run.finished' && finished.status).toBe('succeeded');
    const events = await service.handlers.getRunEvents({ runId });
    expect(
      events.filter((e) => e.type === 'tool.finished').map((e) => e.type === 'tool.finished' && e.name),
    ).toContain('save_daily_report');
  });

  it('lists a run nobody drives as interrupted and resumes it', async () => {
    service = startTestService();
    const demo = await started(await service.handlers.startDemo({}));
    await service.settled(demo);
    const [start] = await service.handlers.getRunEvents({ runId: demo });
    if (start?.type !== 'run.started') throw new Error('the demo run has no start');
    // A run some other process started and then lost: running in the log, with no lease.
    const { runId: _r, seq: _s, ts: _t, ...payload } = start;
    service.runtime.store.append('orphan', {
      ...payload,
      workspace: join(service.dataDir, 'workspaces', 'orphan'),
    });
    service.runtime.store.flush();
    const interrupted = await service.handlers.interruptedRuns({});
    expect(interrupted.map((r) => r.runId)).toEqual(['orphan']);
    expect(await service.handlers.resume({ runId: 'orphan' })).toEqual({ ok: true });
    const finished = await service.settled('orphan');
    expect(finished.type === 'run.finished' && finished.status).toBe('succeeded');
    expect(await service.handlers.interruptedRuns({})).toEqual([]);
  });

  it('cancels a paused run and refuses an unknown one', async () => {
    model = await startFakeModel([{ tool_calls: [{ name: 'ask_user', arguments: { question: 'Sure?' } }] }]);
    service = startTestService({ env: localEnv(model) });
    const runId = await started(await service.handlers.startRun({ task: 'Ask me' }));
    await service.settled(runId);
    // The pause is noticed as soon as it is committed; the driver lets go of the run a moment later.
    while (service.runtime.store.lease(runId)?.owner) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await service.handlers.cancel({ runId })).toEqual({ ok: true });
    expect((await service.handlers.listRuns({ status: 'cancelled' })).map((r) => r.runId)).toEqual([runId]);
    expect((await service.handlers.cancel({ runId: 'nope' })).ok).toBe(false);
    expect((await service.handlers.answer({ runId: 'nope', text: 'x' })).ok).toBe(false);
  });

  it('answers in shapes the contract accepts', async () => {
    service = startTestService();
    expect(hermesContract.listRuns.response.parse(await service.handlers.listRuns({}))).toEqual([]);
    expect(
      hermesContract.getRunEvents.response.parse(await service.handlers.getRunEvents({ runId: 'x' })),
    ).toEqual([]);
  });
});
