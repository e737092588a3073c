import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HermesEvent } from '../../src/shared/events';

const BIN = resolve(import.meta.dirname, '../../bin/hermes-studio.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as NDJSON, when it is. */
  events: HermesEvent[];
}

/** A fresh data folder per test, as a person's first run would have. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'hermes-test-'));
}

/**
 * Runs the real `hermes-studio` command in a child process. Async on purpose: the fake model server
 * lives in the test's process and must keep answering while the CLI runs.
 */
export function runCli(
  args: string[],
  options: {
    env?: Record<string, string | undefined>;
    stdin?: string;
    cwd?: string;
    /** Sees stdout as it grows, to act while the command still runs. */
    onStdout?: (soFar: string) => void;
  } = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: options.cwd ?? process.cwd() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    options.onStdout?.(stdout);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      resolvePromise({ code, stdout, stderr, events: parseNdjson(stdout) });
    });
  });
}

function parseNdjson(text: string): HermesEvent[] {
  const events: HermesEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line) as HermesEvent;
      if (typeof value.seq === 'number' && typeof value.type === 'string') events.push(value);
    } catch {
      // A human-format line that happens to start with a brace is not an event.
    }
  }
  return events;
}

export function ofType<K extends HermesEvent['type']>(events: HermesEvent[], type: K) {
  return events.filter((e): e is Extract<HermesEvent, { type: K }> => e.type === type);
}
