import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBlobRef } from '../../shared/events';
import { EventStore } from './event-store';
import { finished, modelRequest, started, toolFinished } from './test-events';

const require = createRequire(import.meta.url);
let dir: string;
let file: string;
const open: EventStore[] = [];

function openStore(): EventStore {
  const store = EventStore.open(file);
  open.push(store);
  return store;
}

function expectContiguous(store: EventStore, runId: string, count: number): void {
  const seqs = store.events(runId).map((e) => e.seq);
  expect(seqs).toEqual(Array.from({ length: count }, (_, i) => i + 1));
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-store-'));
  file = path.join(dir, 'nested', 'hermes.db');
});

afterEach(() => {
  for (const store of open.splice(0)) store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('EventStore appends', () => {
  it('creates the folders and numbers events from 1 without gaps', () => {
    const store = openStore();
    const first = store.append('r1', started());
    for (let round = 1; round <= 9; round++) store.append('r1', modelRequest(round));
    expect(first).toMatchObject({ runId: 'r1', seq: 1, type: 'run.started', task: 'write a haiku' });
    expect(typeof first.ts).toBe('number');
    expect(store.lastSeq('r1')).toBe(10);
    expectContiguous(store, 'r1', 10);
    expect(store.events('r1')[3]).toEqual({
      runId: 'r1',
      seq: 4,
      ts: expect.any(Number),
      ...modelRequest(3),
    });
    expect(store.integrityCheck()).toBe('ok');
  });

  it('loads the native binding it is given', () => {
    const binding = path.join(
      path.dirname(require.resolve('better-sqlite3/package.json')),
      'build/Release/better_sqlite3.node',
    );
    const store = EventStore.open(file, { nativeBinding: binding });
    open.push(store);
    store.append('r1', started());
    expect(store.lastSeq('r1')).toBe(1);
  });

  it('refuses a first event that is not run.started and a second run.started', () => {
    const store = openStore();
    expect(() => store.append('r1', modelRequest(1))).toThrow(/must be run.started/);
    store.append('r1', started());
    store.flush();
    expect(() => store.append('r1', started())).toThrow(/already exists/);
    expect(store.lastSeq('r1')).toBe(1);
    expect(store.lastSeq('nope')).toBe(0);
  });

  it('pages with afterSeq and limit', () => {
    const store = openStore();
    store.append('r1', started());
    for (let round = 1; round <= 20; round++) store.append('r1', modelRequest(round));
    expect(store.events('r1', { afterSeq: 5, limit: 3 }).map((e) => e.seq)).toEqual([6, 7, 8]);
    expect(store.events('r1', { afterSeq: 21 })).toEqual([]);
  });

  it('keeps two runs appended from interleaving async loops contiguous and complete', async () => {
    const store = openStore();
    const loop = async (runId: string) => {
      store.append(runId, started(runId));
      for (let round = 1; round < 1000; round++) {
        store.append(runId, modelRequest(round));
        if (round % 3 === 0) await nextTurn();
        else await Promise.resolve();
      }
    };
    await Promise.all([loop('a'), loop('b')]);
    expectContiguous(store, 'a', 1000);
    expectContiguous(store, 'b', 1000);
    expect(store.events('b')[500]).toMatchObject({ type: 'model.request', round: 500 });
  });

  it('writes queued appends on its own after the current turn', async () => {
    const store = openStore();
    store.append('r1', started());
    store.append('r1', modelRequest(1));
    await nextTurn();
    const reader = openStore();
    expect(reader.events('r1')).toHaveLength(2);
  });

  it('continues a run contiguously in a new store on the same file', () => {
    const first = openStore();
    first.append('r1', started());
    first.append('r1', modelRequest(1));
    first.close();
    const second = openStore();
    expect(second.lastSeq('r1')).toBe(2);
    expect(second.append('r1', modelRequest(2)).seq).toBe(3);
    expectContiguous(second, 'r1', 3);
    expect(second.run('r1')?.lastSeq).toBe(3);
  });
});

describe('EventStore blobs', () => {
  const bigOutput = {
    text: 'x'.repeat(1_000_000),
    lines: Array.from({ length: 100 }, (_, i) => `line ${i}`),
  };

  it('moves a large field out of line and expands it to the identical value', () => {
    const store = openStore();
    store.append('r1', started());
    const returned = store.append('r1', toolFinished(1, bigOutput));
    expect(returned).toMatchObject({ output: bigOutput });

    const [, stored] = store.events('r1');
    expect(stored?.type).toBe('tool.finished');
    const ref = stored?.type === 'tool.finished' ? stored.output : undefined;
    expect(isBlobRef(ref)).toBe(true);
    if (!isBlobRef(ref)) return;
    expect(ref.bytes).toBe(JSON.stringify(bigOutput).length);
    expect(JSON.parse(store.blob(ref.$blob) ?? 'null')).toEqual(bigOutput);

    const [, expanded] = store.events('r1', { expand: true });
    expect(expanded).toEqual({ ...toolFinished(1, bigOutput), runId: 'r1', seq: 2, ts: returned.ts });
  });

  it('stores the same large output once', () => {
    const store = openStore();
    store.append('r1', started());
    store.append('r1', toolFinished(1, bigOutput));
    store.append('r1', toolFinished(2, bigOutput));
    store.append('r2', started());
    store.append('r2', toolFinished(1, bigOutput));
    store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual({ n: 1 });
    db.close();
  });

  it('keeps small fields inline', () => {
    const store = openStore();
    store.append('r1', started());
    store.append('r1', toolFinished(1, { text: 'short' }));
    expect(store.events('r1')[1]).toMatchObject({ output: { text: 'short' } });
  });
});

describe('EventStore runs index', () => {
  it('follows the status of each run and lists newest first', () => {
    const store = openStore();
    store.append('r1', started('first task'));
    store.append('r2', started('second task', { parentRunId: 'r1' }));
    expect(store.run('r1')).toMatchObject({
      status: 'running',
      task: 'first task',
      model: 'test-model',
      lastSeq: 1,
    });
    expect(store.run('r2')?.parentRunId).toBe('r1');
    expect(store.run('r1')?.parentRunId).toBeUndefined();

    store.append('r1', { type: 'run.paused', reason: 'question' });
    expect(store.run('r1')?.status).toBe('paused');
    store.append('r1', { type: 'run.resumed', reason: 'answered' });
    store.append('r1', modelRequest(1));
    expect(store.run('r1')).toMatchObject({ status: 'running', lastSeq: 4 });
    store.append('r1', finished('succeeded'));
    store.append('r2', finished('cancelled'));

    const r1 = store.run('r1');
    expect(r1).toMatchObject({ status: 'succeeded', lastSeq: 5 });
    expect(r1?.updatedAt).toBeGreaterThanOrEqual(r1?.createdAt ?? Number.POSITIVE_INFINITY);
    expect(store.runs().map((r) => r.runId)).toEqual(['r2', 'r1']);
    expect(store.runs({ status: 'cancelled' }).map((r) => r.runId)).toEqual(['r2']);
    expect(store.runs({ limit: 1 }).map((r) => r.runId)).toEqual(['r2']);
    expect(store.runs({ search: 'FIRST' }).map((r) => r.runId)).toEqual(['r1']);
    expect(store.runs({ search: 'r2' }).map((r) => r.runId)).toEqual(['r2']);
    expect(store.runs({ search: '100%' })).toEqual([]);
    expect(store.run('missing')).toBeUndefined();
  });
});

describe('EventStore with a second instance on the same file', () => {
  it('lets each append its own run while the other holds queued events', () => {
    const a = openStore();
    const b = openStore();
    a.append('ra', started('from a'));
    a.append('ra', modelRequest(1));
    b.append('rb', started('from b'));
    b.append('rb', modelRequest(1));
    b.flush();
    a.append('ra', { type: 'run.paused', reason: 'approval' });
    a.flush();
    b.append('rb', modelRequest(2));
    b.flush();

    expectContiguous(a, 'rb', 3);
    expectContiguous(b, 'ra', 3);
    expect(b.run('ra')?.status).toBe('paused');
    expect(
      a
        .runs()
        .map((r) => r.runId)
        .sort(),
    ).toEqual(['ra', 'rb']);
  });

  it('fails loudly instead of interleaving when both write the same run', () => {
    const a = openStore();
    a.append('r1', started());
    a.flush();
    const b = openStore();
    b.append('r1', modelRequest(1));
    b.flush();
    a.append('r1', modelRequest(1));
    expect(() => a.flush()).toThrow(/UNIQUE|PRIMARY KEY/);
    expectContiguous(b, 'r1', 2);
    expect(() => a.close()).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('reports a failed automatic flush from the next append', async () => {
    const a = openStore();
    const b = openStore();
    a.append('r1', started());
    a.flush();
    b.append('r1', modelRequest(1));
    b.flush();
    a.append('r1', modelRequest(1));
    await nextTurn();
    expect(() => a.append('r1', modelRequest(2))).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(a.lastSeq('r1')).toBe(2);
    expect(() => a.close()).toThrow(/UNIQUE|PRIMARY KEY/);
  });
});
