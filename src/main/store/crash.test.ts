import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventStore } from './event-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const fixture = path.join(here, 'crash-writer.fixture.ts');

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-crash-'));
  file = path.join(dir, 'hermes.db');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the writer, waits until it reports `count` committed events, then kills it with SIGKILL. */
function killAfterFlush(
  runId: string,
  count: number,
  mode: 'hold' | 'churn',
): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, file, runId, String(count), mode], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes(`flushed ${count}\n`)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(signal);
      else reject(new Error(`writer exited with ${code} before it was killed: ${stderr}`));
    });
  });
}

describe('a writer killed with SIGKILL', () => {
  it('leaves exactly the flushed events, and a sound file', async () => {
    await killAfterFlush('r1', 250, 'hold');
    const store = EventStore.open(file);
    try {
      expect(store.integrityCheck()).toBe('ok');
      expect(store.events('r1').map((e) => e.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
      expect(store.run('r1')).toMatchObject({ status: 'running', lastSeq: 250 });
      expect(store.append('r1', { type: 'run.resumed', reason: 'crash recovery' }).seq).toBe(251);
    } finally {
      store.close();
    }
  });

  it('in the middle of flushing leaves a contiguous prefix that agrees with the runs index', async () => {
    await killAfterFlush('r1', 2000, 'churn');
    const store = EventStore.open(file);
    try {
      expect(store.integrityCheck()).toBe('ok');
      const seqs = store.events('r1').map((e) => e.seq);
      expect(seqs.length).toBeGreaterThanOrEqual(2000);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(store.run('r1')?.lastSeq).toBe(seqs.length);
    } finally {
      store.close();
    }
  });
});
