import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HermesNotice } from '../../shared/api';
import type { EventOf, HermesEvent } from '../../shared/events';
import { RunManager } from '../runs/run-manager';
import { Runtime } from '../runs/runtime';
import { type Cipher, encryptedFileSecretStore, NO_SECRET_STORE } from '../runs/secrets';
import { createHandlers } from './handlers';
import type { HandlerDeps, HermesService } from './types';

/** Reversible, and visibly not the key: enough to show the key is never stored as typed. */
export const TEST_CIPHER: Cipher = {
  encrypt: (text) => Buffer.from(Buffer.from(text, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (data) => Buffer.from(data.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

/** A real runtime and handlers in a fresh data folder, with every notice recorded. */
export interface TestService extends HermesService {
  dataDir: string;
  runtime: Runtime;
  notices: HermesNotice[];
  /** Events of one run as notices delivered them, in order. */
  noticed(runId: string): HermesEvent[];
  /** Resolves with the run's first `run.finished` or `run.paused` after `afterSeq` once a notice brings it. */
  settled(runId: string, afterSeq?: number): Promise<EventOf<'run.finished'> | EventOf<'run.paused'>>;
  dispose(): Promise<void>;
}

export function startTestService(
  options: { env?: NodeJS.ProcessEnv; keys?: boolean; pollMs?: number; by?: 'app' | 'api' } = {},
): TestService {
  const dataDir = mkdtempSync(join(tmpdir(), 'hermes-api-'));
  const runtime = new Runtime(dataDir);
  const deps: HandlerDeps = {
    runtime,
    manager: new RunManager(runtime),
    by: options.by ?? 'app',
    secrets: options.keys ? encryptedFileSecretStore(dataDir, TEST_CIPHER) : NO_SECRET_STORE,
    env: options.env ?? {},
    cwd: dataDir,
    pollMs: options.pollMs ?? 50,
  };
  const service = createHandlers(deps);
  const notices: HermesNotice[] = [];
  const waiters: (() => void)[] = [];
  service.subscribe((notice) => {
    notices.push(notice);
    for (const wake of waiters.splice(0)) wake();
  });
  const noticed = (runId: string) =>
    notices.flatMap((n) => (n.kind === 'event' && n.event.runId === runId ? [n.event] : []));
  const settled = async (runId: string, afterSeq = 0) => {
    for (;;) {
      const end = noticed(runId).find(
        (e) => e.seq > afterSeq && (e.type === 'run.finished' || e.type === 'run.paused'),
      );
      if (end?.type === 'run.finished' || end?.type === 'run.paused') return end;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    ...service,
    dataDir,
    runtime,
    notices,
    noticed,
    settled,
    async dispose() {
      service.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
