import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HermesCallName, HermesRequest, HermesResponse } from '../../src/shared/api';
import { HTTP_CALL_PREFIX } from '../../src/shared/api';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const READY_MS = 60_000;
const STOP_MS = 10_000;

/** A `hermes-studio serve` child process on a free port with a fresh data folder. */
export interface Served {
  url: string;
  dataDir: string;
  /** Calls the contract over HTTP, as a second client beside the page would. */
  call<K extends HermesCallName>(name: K, request: HermesRequest<K>): Promise<HermesResponse<K>>;
  stop(): Promise<void>;
}

/** Starts `node bin/hermes-studio.mjs serve --port 0` and waits for the address it prints. */
export async function startServe(env: Record<string, string> = {}): Promise<Served> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-e2e-'));
  const child = spawn(
    process.execPath,
    ['bin/hermes-studio.mjs', 'serve', '--port', '0', '--data-dir', dataDir],
    {
      cwd: ROOT,
      env: { ...withoutModelSettings(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve printed no address in time:\n${output}`)),
      READY_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    async call(name, request) {
      const response = await fetch(`${url}${HTTP_CALL_PREFIX}${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    stop: () => stop(child, dataDir),
  };
}

/** The machine's own model settings must not leak into a test's server. */
function withoutModelSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const key of Object.keys(copy)) {
    if (/^(LLM_|OPENAI_|HERMES_|AGENT_)/.test(key)) delete copy[key];
  }
  return copy;
}

async function stop(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A server that does not stop when asked is killed: the next test needs the machine.
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
