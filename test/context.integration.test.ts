import { afterEach, describe, expect, it } from 'vitest';
import { foldEvents } from '../src/main/agent/run-state';
import { assembleRequest } from '../src/main/context/context-window';
import { createTokenCounter } from '../src/main/context/tokens';
import { databaseFile } from '../src/main/runs/data-dir';
import { EventStore } from '../src/main/store/event-store';
import { ToolRegistry } from '../src/main/tools/registry';
import type { HermesEvent } from '../src/shared/events';
import { builtinTools } from '../tools';
import { freshDataDir, ofType, runCli } from './support/cli';
import { type FakeModel, type FakeStep, startFakeModel } from './support/fake-model-server';

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** A ~150 KB service log with exactly 37 ERROR lines among INFO and WARN ones, written by awk. */
const MAKE_LOG = `awk 'BEGIN { for (i = 1; i <= 1900; i++) {
  if (i % 51 == 0 && n < 37) { n++; printf "2024-03-01T10:%02d:%02dZ ERROR payment %d failed: card declined (code %d)\\n", i % 60, i % 60, i * 13, 500 + i % 3 }
  else if (i % 17 == 0) printf "2024-03-01T10:%02d:%02dZ WARN slow response on /api/orders/%d took %d ms\\n", i % 60, i % 60, i, 900 + i
  else printf "2024-03-01T10:%02d:%02dZ INFO request ok method=GET path=/api/items/%d latency_ms=%d\\n", i % 60, i % 60, i * 7, i % 97 } }' > app.log`;

function readEvents(dataDir: string, runId: string): HermesEvent[] {
  const store = EventStore.open(databaseFile(dataDir));
  try {
    return store.events(runId, { expand: true });
  } finally {
    store.close();
  }
}

describe('large tool output', () => {
  it('reaches the model as a summary under 8,000 characters that still counts the 37 errors; recall and the log keep it whole', async () => {
    const steps: FakeStep[] = [
      { tool_calls: [{ id: 'make', name: 'run_command', arguments: { command: MAKE_LOG } }] },
      { tool_calls: [{ id: 'read', name: 'read_file', arguments: { path: 'app.log' } }] },
      (request) => {
        const summary = request.messages.find((m) => m.tool_call_id === 'read')?.content ?? '';
        return {
          tool_calls: [{ id: 'again', name: 'recall', arguments: { ref: 'read', search: 'ERROR' } }],
          content: summary.length < 8000 ? 'short' : 'long',
        };
      },
      { content: 'There are 37 ERROR lines.' },
    ];
    model = await startFakeModel(steps);
    const dataDir = freshDataDir();
    const result = await runCli([
      'run',
      'How many errors are in app.log?',
      '--json',
      '--approvals',
      'auto',
      '--base-url',
      model.url,
      '--data-dir',
      dataDir,
    ]);
    expect(result.code).toBe(0);
    const seen = model.requests[2]?.messages.find((m) => m.tool_call_id === 'read')?.content ?? '';
    expect(seen.length).toBeLessThan(8000);
    expect(seen).toMatch(/ERROR: 37/);
    expect(seen).toMatch(/recall/);
    const compress = ofType(result.events, 'context.updated').find((e) => e.op === 'compress');
    expect(compress).toMatchObject({ messageId: 'obs:read', role: 'tool' });
    expect(compress?.tokens).toBeLessThan(compress?.tokensBefore ?? 0);
    const recalled = model.requests[3]?.messages.find((m) => m.tool_call_id === 'again')?.content ?? '';
    expect(recalled).toMatch(/^37 of [\d,]+ lines contain "ERROR"/);
    const runId = result.events[0]?.runId ?? '';
    const read = ofType(readEvents(dataDir, runId), 'tool.finished').find((e) => e.callId === 'read');
    const content = (read?.output as { content: string } | undefined)?.content ?? '';
    expect(content.length).toBeGreaterThan(140_000);
    expect(content.match(/ ERROR /g)).toHaveLength(37);
  });
});

describe('a long task with large outputs', () => {
  const TASK = 'Go through the sales of 2024 one fortnight at a time and tell me the best fortnight.';
  const fortnight = (i: number) => {
    const start = new Date(Date.UTC(2024, 0, 1 + 14 * i));
    const end = new Date(start.getTime() + 13 * 86_400_000);
    return { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
  };

  it('keeps every request under 40% of a 16,000-token window with the task in it, and rebuilds every request from the log', async () => {
    const steps: FakeStep[] = Array.from({ length: 20 }, (_, i) => ({
      content: `Fortnight ${i + 1}: querying it.`,
      tool_calls: [{ id: `q${i}`, name: 'query_sales_data', arguments: fortnight(i) }],
    }));
    steps.push({ content: 'The best fortnight was the last one.' });
    model = await startFakeModel(steps);
    const dataDir = freshDataDir();
    const result = await runCli([
      'run',
      TASK,
      '--json',
      '--max-rounds',
      '25',
      '--context-tokens',
      '16000',
      '--base-url',
      model.url,
      '--model',
      'local-model',
      '--data-dir',
      dataDir,
    ]);
    expect(result.code).toBe(0);
    expect(model.requests).toHaveLength(21);
    const counter = createTokenCounter('local-model');
    for (const request of model.requests) {
      const tokens = counter.countMessages(request.messages as never, request.tools as never);
      expect(tokens).toBeLessThanOrEqual(0.4 * 16_000);
      expect(request.messages.some((m) => m.role === 'user' && m.content === TASK)).toBe(true);
    }
    const updates = ofType(result.events, 'context.updated');
    expect(updates.some((e) => e.op === 'evict')).toBe(true);
    expect(updates.some((e) => e.op === 'replan' && e.source === 'model')).toBe(true);
    const finished = ofType(result.events, 'run.finished')[0];
    expect(finished?.report.peakContextShare).toBeLessThanOrEqual(0.4);
    expect(finished?.report.peakContextShare).toBeGreaterThan(0);

    // The same fold that built each request rebuilds it from the stored log, exactly.
    const events = readEvents(dataDir, result.events[0]?.runId ?? '');
    const registry = new ToolRegistry(builtinTools);
    const requests = events.flatMap((event, index) =>
      event.type === 'model.request' ? [{ event, index }] : [],
    );
    expect(requests).toHaveLength(21);
    for (const [i, { event, index }] of requests.entries()) {
      const state = foldEvents(events.slice(0, index));
      if (!state || event.type !== 'model.request') throw new Error('the log must start with run.started');
      const rebuilt = assembleRequest(state, event.round, event.mode, { registry, counter });
      expect(JSON.parse(JSON.stringify(rebuilt.messages))).toEqual(model.requests[i]?.messages);
      expect(rebuilt.tools).toEqual(model.requests[i]?.tools);
      expect(rebuilt.tokens).toBe(event.tokenEstimate);
    }
  });
});
