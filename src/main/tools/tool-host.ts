import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HostMessage, WorkerMessage } from './tool-protocol';
import type { ToolOutcome } from './types';

/** One tool call for the host to run; `args` should already have passed ToolRegistry.validate. */
export interface ToolCall {
  name: string;
  args: unknown;
  runId: string;
  callId: string;
  workspaceRoot: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The event log's file, so tools can read earlier outputs of the run (recall). */
  archive?: string;
}

export interface ToolHostOptions {
  /** Calls running at once; more wait in line. Default 8. */
  maxConcurrency?: number;
  /** How long a worker told to abort may take to wind down before it is terminated. Default 250 ms. */
  abortGraceMs?: number;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

interface Slot {
  worker: Worker;
  /** Handles the worker's messages and death for the call it is running, if any. */
  onMessage?: (message: WorkerMessage) => void;
  onDeath?: (reason: string) => void;
}

/**
 * Where the worker's code is. Under vitest and tsx this module is the .ts source, so the worker is too
 * and needs tsx's loader; on Node 20 `--import tsx/esm` does not register inside worker threads, hence
 * the explicit register() from tsx's API. Bundled by electron-vite, the worker is its own entry
 * `tool-worker.js` in out/main/, beside this code or one folder up when this code sits in a chunk.
 * File names are held in variables so the bundler does not treat `new URL(...)` as an asset to copy.
 */
function toolWorkerEntry(): { url: URL; execArgv?: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const source = './tool-worker.ts';
    const registerTsx = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`;
    const execArgv = [
      ...process.execArgv,
      '--import',
      `data:text/javascript,${encodeURIComponent(registerTsx)}`,
    ];
    return { url: new URL(source, import.meta.url), execArgv };
  }
  const candidates = ['./tool-worker.js', '../tool-worker.js'].map((file) => new URL(file, import.meta.url));
  return { url: candidates.find((url) => existsSync(fileURLToPath(url))) ?? (candidates[0] as URL) };
}

function killGroups(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: already gone
    }
  }
}

/**
 * Runs tool code in a pool of worker threads so a hung, spinning or crashing tool cannot freeze or kill
 * the caller. A worker that timed out, was cancelled or crashed is terminated (with every process group
 * it reported) and replaced on demand; idle workers are unref'd so they never keep the process alive.
 */
export class ToolHost {
  private readonly maxConcurrency: number;
  private readonly abortGraceMs: number;
  private readonly idle: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  private closed = false;

  constructor(options: ToolHostOptions = {}) {
    this.maxConcurrency = Math.max(1, options.maxConcurrency ?? 8);
    this.abortGraceMs = options.abortGraceMs ?? 250;
  }

  /** Runs one call; never rejects. Errors, timeouts, crashes and cancellations come back as values. */
  async run(call: ToolCall): Promise<ToolOutcome> {
    if (!(await this.acquire(call.signal))) return cancelled(call.name);
    try {
      return await this.execute(this.idle.pop() ?? this.spawn(), call);
    } catch (error) {
      return {
        ok: false,
        kind: 'crashed',
        error: `${call.name} could not be started: ${(error as Error).message}`,
      };
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /**
   * Starts a worker ahead of the first call, so loading the tools overlaps the first model request
   * instead of following it. Does nothing when one is already idle.
   */
  warmUp(): void {
    if (this.closed || this.idle.length > 0) return;
    const slot = this.spawn();
    slot.worker.unref();
    this.idle.push(slot);
  }

  /** Terminates every worker; calls still running or waiting end as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    for (const slot of [...this.busy]) slot.onDeath?.('the tool host was closed');
    await Promise.all(this.idle.splice(0).map((slot) => slot.worker.terminate()));
  }

  /** Waits for a free place in the pool; false when cancelled or closed meanwhile. */
  private async acquire(signal: AbortSignal | undefined): Promise<boolean> {
    while (!this.closed && !signal?.aborted && this.active >= this.maxConcurrency) {
      await new Promise<void>((wake) => {
        const onAbort = (): void => {
          const index = this.waiting.indexOf(done);
          if (index >= 0) this.waiting.splice(index, 1);
          wake();
        };
        const done = (): void => {
          signal?.removeEventListener('abort', onAbort);
          wake();
        };
        this.waiting.push(done);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    if (this.closed || signal?.aborted) return false;
    this.active++;
    return true;
  }

  private spawn(): Slot {
    const entry = toolWorkerEntry();
    const worker = new Worker(entry.url, entry.execArgv ? { execArgv: entry.execArgv } : {});
    const slot: Slot = { worker };
    worker.on('message', (message: WorkerMessage) => slot.onMessage?.(message));
    worker.on('error', (error) => this.died(slot, `crashed: ${error.message}`));
    worker.on('exit', (code) => this.died(slot, `stopped unexpectedly (exit code ${code})`));
    return slot;
  }

  private died(slot: Slot, reason: string): void {
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.onDeath?.(reason);
  }

  private execute(slot: Slot, call: ToolCall): Promise<ToolOutcome> {
    const { worker } = slot;
    const pids = new Set<number>();
    this.busy.add(slot);
    worker.ref();
    return new Promise<ToolOutcome>((resolve) => {
      let stopping: Failure | undefined;
      let graceTimer: NodeJS.Timeout | undefined;
      const finish = (outcome: ToolOutcome, reusable: boolean): void => {
        clearTimeout(timer);
        clearTimeout(graceTimer);
        call.signal?.removeEventListener('abort', onAbort);
        slot.onMessage = undefined;
        slot.onDeath = undefined;
        this.busy.delete(slot);
        if (reusable && !this.closed) {
          worker.unref();
          this.idle.push(slot);
        } else {
          killGroups(pids);
          void worker.terminate();
        }
        resolve(outcome);
      };
      const stop = (failure: Failure): void => {
        if (stopping) return;
        stopping = failure;
        worker.postMessage({ type: 'abort' } satisfies HostMessage);
        graceTimer = setTimeout(() => finish(failure, false), this.abortGraceMs);
      };
      const onAbort = (): void => stop(cancelled(call.name));
      const timer = setTimeout(() => {
        const error = `${call.name} did not finish within ${call.timeoutMs} ms and was stopped`;
        stop({ ok: false, kind: 'timeout', error });
      }, call.timeoutMs);
      slot.onMessage = (message) => {
        if (message.type === 'spawned') pids.add(message.pid);
        else if (message.type === 'exited') pids.delete(message.pid);
        else if (stopping) finish({ ...stopping, changedFiles: message.changedFiles }, false);
        else if (message.ok)
          finish({ ok: true, output: message.output, changedFiles: message.changedFiles }, true);
        else
          finish(
            { ok: false, kind: 'error', error: message.error, changedFiles: message.changedFiles },
            true,
          );
      };
      slot.onDeath = (reason) => {
        if (this.closed) finish(cancelled(call.name), false);
        else finish({ ok: false, kind: 'crashed', error: `${call.name} ${reason}` }, false);
      };
      call.signal?.addEventListener('abort', onAbort, { once: true });
      if (call.signal?.aborted) return finish(cancelled(call.name), true);
      worker.postMessage({
        type: 'run',
        name: call.name,
        args: call.args,
        runId: call.runId,
        callId: call.callId,
        workspaceRoot: call.workspaceRoot,
        ...(call.archive ? { archive: call.archive } : {}),
      } satisfies HostMessage);
    });
  }
}

function cancelled(name: string): Failure {
  return { ok: false, kind: 'cancelled', error: `${name} was cancelled` };
}
