import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hermesContract } from '../../shared/api';
import type { NewEvent } from '../../shared/events';
import { EventStore } from '../store/event-store';
import { type HermesHandlers, storeHandlers } from './handlers';

function started(task: string): NewEvent {
  return {
    type: 'run.started',
    task,
    model: { provider: 'scripted', baseUrl: 'http://127.0.0.1:1', model: 'test-model' },
    workspace: '/tmp/ws',
    tools: ['read_file'],
    maxRounds: 5,
    approvals: 'ask',
    escalation: 'fail',
    context: { windowTokens: 16_000, targetShare: 0.4, replanEvery: 5 },
  };
}

describe('storeHandlers', () => {
  let dir: string;
  let store: EventStore;
  let handlers: HermesHandlers;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-handlers-'));
    store = EventStore.open(path.join(dir, 'hermes.db'));
    handlers = storeHandlers(store);
    store.append('r1', started('write a haiku'));
    store.append('r1', { type: 'run.paused', reason: 'question' });
    store.append('r2', started('count files'));
    store.flush();
  });

  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists runs, filtered as the request says', () => {
    const all = handlers.listRuns(hermesContract.listRuns.request.parse({}));
    expect(all.map((run) => run.runId).sort()).toEqual(['r1', 'r2']);
    const paused = handlers.listRuns(hermesContract.listRuns.request.parse({ status: 'paused' }));
    expect(paused.map((run) => run.runId)).toEqual(['r1']);
    expect(hermesContract.listRuns.response.parse(all)).toHaveLength(2);
  });

  it("returns a run's events in order", () => {
    const events = handlers.getRunEvents(hermesContract.getRunEvents.request.parse({ runId: 'r1' }));
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'run.started'],
      [2, 'run.paused'],
    ]);
    expect(hermesContract.getRunEvents.response.parse(events)).toHaveLength(2);
  });

  it('leaves requests the contract refuses to the schema, before any handler runs', () => {
    expect(hermesContract.listRuns.request.safeParse({ limit: -1 }).success).toBe(false);
    expect(hermesContract.listRuns.request.safeParse({ status: 'exploded' }).success).toBe(false);
    expect(hermesContract.listRuns.request.safeParse({ sql: 'drop table events' }).success).toBe(false);
    expect(hermesContract.getRunEvents.request.safeParse({ runId: '' }).success).toBe(false);
    expect(hermesContract.getRunEvents.request.safeParse(null).success).toBe(false);
  });
});
