import { spawn } from 'node:child_process';

/** How a shell command ended. Output past the cap is dropped and the text says so. */
export interface CommandResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Stopped because the call was cancelled. */
  aborted: boolean;
  durationMs: number;
  stdoutDroppedBytes: number;
  stderrDroppedBytes: number;
}

export interface CommandOptions {
  timeoutMs: number;
  /** Cap per stream (stdout and stderr each). */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

/** Told about every process group a command starts, so a supervisor can kill it if all else fails. */
export interface ProcessObserver {
  onProcessSpawned?(pid: number): void;
  onProcessExited?(pid: number): void;
}

const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
/** How long to wait for pipes to close after the shell exits (a process that left the group may hold them). */
const PIPE_CLOSE_GRACE_MS = 1_000;

/** Only what a command needs to run: nothing else from the app's environment, so no keys or tokens. */
export function scrubbedEnv(home: string, tmpDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH || DEFAULT_PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TMPDIR: tmpDir,
  };
}

class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    const room = this.cap - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    this.dropped += Math.max(0, chunk.length - Math.max(room, 0));
  }

  text(stream: string): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    if (this.dropped === 0) return text;
    return `${text}\n[${stream} capped at ${this.cap} bytes: ${this.dropped} more bytes dropped]`;
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone
  }
}

/**
 * Runs `/bin/sh -c command` in its own process group with stdin closed. The whole group is killed at
 * timeout, on abort, and when the shell exits, so background jobs cannot outlive the call.
 */
export function runShellCommand(
  command: string,
  cwd: string,
  env: Record<string, string>,
  options: CommandOptions,
  observer: ProcessObserver = {},
): Promise<CommandResult> {
  const started = performance.now();
  const stdout = new CappedOutput(options.maxOutputBytes);
  const stderr = new CappedOutput(options.maxOutputBytes);
  let timedOut = false;
  let aborted = options.signal?.aborted ?? false;
  const result = (exitCode: number | null, signal: string | null): CommandResult => ({
    exitCode,
    signal,
    stdout: stdout.text('stdout'),
    stderr: stderr.text('stderr'),
    timedOut,
    aborted,
    durationMs: Math.round(performance.now() - started),
    stdoutDroppedBytes: stdout.dropped,
    stderrDroppedBytes: stderr.dropped,
  });
  if (aborted) {
    stderr.push(Buffer.from('not started: the call was cancelled'));
    return Promise.resolve(result(null, null));
  }
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid;
    if (pid !== undefined) observer.onProcessSpawned?.(pid);
    let settled = false;
    let pipeTimer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      aborted = true;
      killGroup(pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(pid);
    }, options.timeoutMs);
    const finish = (exitCode: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(pipeTimer);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup(pid);
      if (pid !== undefined) observer.onProcessExited?.(pid);
      resolve(result(exitCode, signal));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      stderr.push(Buffer.from(`could not start the command: ${error.message}`));
      finish(null, null);
    });
    child.on('exit', (code, signal) => {
      killGroup(pid);
      pipeTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(code, signal);
      }, PIPE_CLOSE_GRACE_MS);
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}
